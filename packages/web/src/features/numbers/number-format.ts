/**
 * How an 11-digit number is shown (SCREENS §1 号码预约, §2): grouped 3-4-4 as `138 8888 6666`, with the
 * digits a keyword matched marked, from the `[start, end)` ranges numberList answers in `highlight`.
 */

export interface DigitRun {
  text: string;
  hl: boolean;
}

/** Group boundaries of a mainland mobile number: 3-4-4. */
const GROUPS: readonly (readonly [number, number])[] = [
  [0, 3],
  [3, 7],
  [7, 11],
];

/** `13888886666` → `138 8888 6666`; anything that is not 11 characters is returned as it is. */
export function formatNumber(number: string): string {
  if (number.length !== 11) return number;
  return GROUPS.map(([from, to]) => number.slice(from, to)).join(' ');
}

/** True when position `i` of the raw number lies in one of the ranges. */
function isHighlighted(i: number, ranges: readonly (readonly [number, number])[]): boolean {
  return ranges.some(([start, end]) => i >= start && i < end);
}

/**
 * The number as groups of runs: each group is one 3-4-4 block, split into runs of highlighted and plain
 * digits. Ranges outside the number are ignored.
 */
export function numberRuns(number: string, highlight: readonly (readonly [number, number])[] = []): DigitRun[][] {
  const groups = number.length === 11 ? GROUPS : [[0, number.length] as const];
  return groups.map(([from, to]) => {
    const runs: DigitRun[] = [];
    for (let i = from; i < to; i++) {
      const hl = isHighlighted(i, highlight);
      const last = runs[runs.length - 1];
      const ch = number.charAt(i);
      if (last && last.hl === hl) last.text += ch;
      else runs.push({ text: ch, hl });
    }
    return runs;
  });
}

/** 归属地 as shown: a municipality's city is named like its province, so it is shown once. */
export function regionLabel(provinceName: string, cityName: string): string {
  if (!cityName || cityName === provinceName) return provinceName;
  if (!provinceName) return cityName;
  return `${provinceName} ${cityName}`;
}

/** GB/T 2260 lists a municipality's districts under 市辖区 (or 县): those are shown as the province. */
export function displayCityName(cityName: string, provinceName: string): string {
  return (cityName === '市辖区' || cityName === '县') && provinceName ? provinceName : cityName;
}
