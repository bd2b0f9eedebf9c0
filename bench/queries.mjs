/** The numberList filter mix the API and search benches send: deterministic, every filter alone and combined. */
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

const contract = () => import(join(ROOT, 'packages/contract/dist/index.js'));
const database = () => import(join(ROOT, 'packages/server/dist/db/database.js'));

/** Provinces and segments present in a data set, as inputs for the mix. */
export async function mixInputs(dbConfig) {
  const { createDatabase } = await database();
  const handle = createDatabase(dbConfig);
  try {
    const provinces = (await handle.db.selectFrom('numbers').select('province_code').distinct().execute()).map(
      (r) => r.province_code,
    );
    const segments = (await handle.db.selectFrom('numbers').select('segment').distinct().execute()).map(
      (r) => r.segment,
    );
    return { provinces, segments };
  } finally {
    await handle.destroy();
  }
}

/**
 * `n` distinct numberList URLs (distinct, so that a pass measures searches rather than answers from the
 * cache), from a seeded generator: the same seed gives the same list on every run.
 */
export async function makeQueries(n, { provinces, segments }, seed = 7) {
  const { PATTERN_CODES } = await contract();
  let state = seed;
  const r = () => {
    // 32-bit arithmetic: a plain multiply loses low bits past 2^53 and falls into short cycles.
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const pick = (list) => list[Math.floor(r() * list.length)];
  const out = new Set();
  for (let i = 0; out.size < n; i++) {
    if (i > n * 100) throw new Error(`the filter mix gives fewer than ${n} distinct queries`);
    const q = new URLSearchParams();
    if (r() < 0.3) q.set('provinceCode', pick(provinces));
    if (r() < 0.3) q.set('operatorType', String(1 + Math.floor(r() * 4)));
    if (r() < 0.15) q.set('segment', pick(segments));
    if (r() < 0.35) q.set('pattern', [pick(PATTERN_CODES), pick(PATTERN_CODES)].join(','));
    if (r() < 0.35) {
      q.set('keyword', String(Math.floor(r() * 10 ** (1 + Math.floor(r() * 4)))));
      q.set('position', r() < 0.5 ? 'tail' : 'any');
    }
    if (r() < 0.25) {
      q.set('priceMin', String(Math.floor(r() * 500)));
      q.set('priceMax', String(500 + Math.floor(r() * 20000)));
    }
    if (r() < 0.2) q.set('excludeDigits', r() < 0.5 ? '4' : '4,7');
    const s = r();
    q.set('sort', s < 0.6 ? 'default' : s < 0.8 ? 'priceAsc' : 'priceDesc');
    q.set('page', String(1 + Math.floor(r() * 3)));
    q.set('pageSize', String(10 + (i % 11)));
    out.add(`/api/shop/numberList?${q}`);
  }
  return [...out];
}
