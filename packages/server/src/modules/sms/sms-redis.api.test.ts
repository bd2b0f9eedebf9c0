/**
 * Past one machine (ARCHITECTURE.md "Running and scaling"): two instances over one database and one
 * Redis share the SMS limits, so the second instance refuses what the first one just sent.
 */
import { randomInt } from 'node:crypto';
import { REASONS } from '@haoka/contract/reasons';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp, testConfig } from '../../test/harness.js';
import { resetLimitCounters, TEST_REDIS_URL } from '../../test/redis.js';

const SMS_TOO_FREQUENT = REASONS.smsTooFrequent.zh;

// Keys no other run uses; afterAll deletes exactly these.
const mobile = `137${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
const ip = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

let first: TestApp;
let second: FastifyInstance;

beforeAll(async () => {
  first = await createTestApp({ config: { redisUrl: TEST_REDIS_URL }, demo: false });
  second = await buildApp(testConfig(first.database.config, { redisUrl: TEST_REDIS_URL }), {
    database: first.database.handle,
  });
  await second.ready();
});
afterAll(async () => {
  await resetLimitCounters({ mobiles: [mobile], ips: [ip] });
  await second.close();
  await first.close();
});

function send(app: FastifyInstance) {
  return app.inject({
    method: 'POST',
    url: '/api/hk/sendCode',
    headers: clientHeaders(),
    payload: { mobile, scene: 'login' },
    remoteAddress: ip,
  });
}

describe(`SMS limits across instances (Redis) on ${TEST_DB}`, () => {
  it('a code sent by one instance blocks a resend through the other for 60 s', async () => {
    expect((await send(first.app)).json()).toMatchObject({ code: 0 });
    expect((await send(second)).json()).toEqual({
      code: -1,
      message: SMS_TOO_FREQUENT,
      reason: 'smsTooFrequent',
      data: null,
    });
    expect((await send(first.app)).json()).toEqual({
      code: -1,
      message: SMS_TOO_FREQUENT,
      reason: 'smsTooFrequent',
      data: null,
    });
    const rows = await first.database.handle.db
      .selectFrom('sms_codes')
      .select('id')
      .where('mobile', '=', mobile)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
