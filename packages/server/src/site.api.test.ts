import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from './test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`baseConfig on ${TEST_DB}`, () => {
  it('answers the demo shop', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/hk/baseConfig?promoCode=demo' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.data.promoCode).toBe('demo');
    expect(body.data.front.title).toBe('好卡靓号商城');
  });
});
