/** Operators, their number segments (NUMBERS.md) and the device rule of SPEC §4. */

export const OperatorType = { CMCC: 1, CUCC: 2, CTCC: 3, CBN: 4 } as const;
export type OperatorType = (typeof OperatorType)[keyof typeof OperatorType];

/** Display-only operator of a device (SPEC §4); never applies to a number for sale. */
export const DEVICE_OPERATOR = 99;
export type DisplayOperatorType = OperatorType | typeof DEVICE_OPERATOR;

export const OPERATOR_TYPES: readonly OperatorType[] = [1, 2, 3, 4];
export const DISPLAY_OPERATOR_TYPES: readonly DisplayOperatorType[] = [1, 2, 3, 4, 99];

export const OPERATOR_NAMES: Record<DisplayOperatorType, string> = {
  1: '中国移动',
  2: '中国联通',
  3: '中国电信',
  4: '中国广电',
  99: '设备(多网)',
};

/** Segment table of NUMBERS.md "Operators and segments". */
export const OPERATOR_SEGMENTS: Record<OperatorType, readonly string[]> = {
  1: [
    '134',
    '135',
    '136',
    '137',
    '138',
    '139',
    '147',
    '148',
    '150',
    '151',
    '152',
    '157',
    '158',
    '159',
    '172',
    '178',
    '182',
    '183',
    '184',
    '187',
    '188',
    '195',
    '197',
    '198',
  ],
  2: ['130', '131', '132', '145', '146', '155', '156', '166', '167', '171', '175', '176', '185', '186', '196'],
  3: ['133', '149', '153', '173', '174', '177', '180', '181', '189', '190', '191', '193', '199'],
  4: ['192'],
};

const SEGMENT_OPERATOR = new Map<string, OperatorType>(
  OPERATOR_TYPES.flatMap((op) => OPERATOR_SEGMENTS[op].map((segment) => [segment, op] as const)),
);

/** Operator of an 11-digit number by its first three digits, or null for an unknown segment. */
export function operatorOfNumber(number: string): OperatorType | null {
  return SEGMENT_OPERATOR.get(number.slice(0, 3)) ?? null;
}

/** Card source: 1 a SIM card, 2 a device (portable Wi-Fi) carrying vice SIMs. */
export const SourceType = { CARD: 1, DEVICE: 2 } as const;

interface SimLike {
  operatorType: number;
  sourceType: number;
  simNo: string;
  deviceNo?: string | null;
}

/** spec §4: a device-type SIM (sourceType 2) is shown as operator 99. */
export function displayOperatorType(sim: Pick<SimLike, 'operatorType' | 'sourceType'>): number {
  return sim.sourceType === SourceType.DEVICE ? DEVICE_OPERATOR : sim.operatorType;
}

/** spec §4: a device uses its device number as the recharge (and display) number. */
export function rechargeNumberOf(sim: Pick<SimLike, 'sourceType' | 'simNo' | 'deviceNo'>): string {
  return sim.sourceType === SourceType.DEVICE && sim.deviceNo ? sim.deviceNo : sim.simNo;
}

/** Operator image path (SPEC §9, SCREENS §0 "Operators"). */
export function operatorImage(type: number, base = '/shop/'): string {
  return `${base}static/operator/${type}.png`;
}
