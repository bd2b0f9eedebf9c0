/**
 * `providers check` against the SMS providers' fakes: no database is involved, the command reads only
 * the configuration and calls each configured provider once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config.js';
import { FakeAliyunSms } from '../test/fakes/aliyun-sms.js';
import { FakeTencentSms } from '../test/fakes/tencent-sms.js';
import { testConfig } from '../test/harness.js';
import { runCli } from './commands.js';
import { EXIT } from './types.js';

async function check(overrides: Partial<AppConfig>, ...argv: string[]) {
  const sink = { out: '', err: '' };
  const config = testConfig({ kind: 'sqlite', file: ':memory:' }, { gatewayTimeoutMs: 2_000, ...overrides });
  const unused = () => Promise.reject(new Error('providers check needs no database'));
  const code = await runCli(argv.length > 0 ? argv : ['providers', 'check'], {
    out: (text) => {
      sink.out += text;
    },
    err: (text) => {
      sink.err += text;
    },
    progress: false,
    config: () => config,
    withDb: unused,
    withApp: unused,
  });
  return { code, ...sink };
}

let aliyun: FakeAliyunSms;
let tencent: FakeTencentSms;
beforeAll(async () => {
  [aliyun, tencent] = await Promise.all([FakeAliyunSms.start(), FakeTencentSms.start()]);
});
afterAll(async () => {
  await Promise.all([aliyun?.close(), tencent?.close()]);
});

const aliyunConfig = (secret?: string): Partial<AppConfig> => ({
  smsGateway: 'aliyun',
  sms: {
    templates: aliyun.templates,
    aliyun: {
      accessKeyId: aliyun.accessKeyId,
      accessKeySecret: secret ?? aliyun.accessKeySecret,
      signName: aliyun.signName,
      endpoint: aliyun.url,
    },
  },
});
const tencentConfig = (secret?: string): Partial<AppConfig> => ({
  smsGateway: 'tencent',
  sms: {
    templates: tencent.templates,
    tencent: {
      secretId: tencent.secretId,
      secretKey: secret ?? tencent.secretKey,
      appId: tencent.appId,
      signName: tencent.signName,
      endpoint: tencent.url,
      region: 'ap-guangzhou',
    },
  },
});

describe('providers check', () => {
  it('with only the built-in stand-ins there is nothing to call', async () => {
    expect(await check({ smsGateway: 'outbox' })).toEqual({
      code: EXIT.ok,
      out: 'no outside provider is configured (the built-in stand-ins need no check)\n',
      err: '',
    });
  });

  it("Aliyun: QuerySendStatistics answers ok; a wrong secret gets Aliyun's signature error and exit code 1", async () => {
    expect(await check(aliyunConfig())).toEqual({ code: EXIT.ok, out: 'sms aliyun: ok\n', err: '' });
    expect(aliyun.calls.at(-1)).toBe('QuerySendStatistics');
    const wrong = await check(aliyunConfig('not-the-secret'));
    expect(wrong.code).toBe(EXIT.failure);
    expect(wrong.out).toMatch(/^sms aliyun: failed: .*SignatureDoesNotMatch/);
    expect(aliyun.messages).toEqual([]);
  });

  it("Tencent: DescribeSmsSignList answers ok; a wrong secret gets Tencent's signature error and exit code 1", async () => {
    expect(await check(tencentConfig())).toEqual({ code: EXIT.ok, out: 'sms tencent: ok\n', err: '' });
    expect(tencent.calls.at(-1)).toBe('DescribeSmsSignList');
    const wrong = await check(tencentConfig('not-the-secret'));
    expect(wrong.code).toBe(EXIT.failure);
    expect(wrong.out).toMatch(/^sms tencent: failed: .*AuthFailure\.SignatureFailure/);
    expect(tencent.messages).toEqual([]);
  });

  it('a provider that does not answer fails the check within GATEWAY_TIMEOUT_MS', async () => {
    tencent.stall = true;
    try {
      const run = await check({ ...tencentConfig(), gatewayTimeoutMs: 300 });
      expect(run).toMatchObject({ code: EXIT.failure, out: expect.stringMatching(/^sms tencent: failed: .*timeout/) });
    } finally {
      tencent.stall = false;
    }
  });

  it('anything but "check" is a usage error', async () => {
    expect((await check({}, 'providers', 'list')).code).toBe(EXIT.usage);
  });
});
