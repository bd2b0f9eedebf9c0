import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/database.js';
import { createSmsGateway, smsProviderCheck } from './create-sms-gateway.js';

const quiet = { info() {}, warn() {} };
// The adapters never touch the database; only the outbox does.
const deps = { db: {} as DbOrTx, log: quiet, production: false, timeoutMs: 1_000 };

describe('createSmsGateway', () => {
  it('an adapter without its settings stops the start, naming each missing variable', () => {
    expect(() => createSmsGateway('aliyun', { ...deps, settings: { templates: {} } })).toThrow(
      'SMS_GATEWAY=aliyun needs ALIYUN_ACCESS_KEY_ID, ALIYUN_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_ENDPOINT',
    );
    expect(() =>
      createSmsGateway('tencent', {
        ...deps,
        settings: { templates: {}, tencent: { secretId: 'AKID', secretKey: '', endpoint: 'https://x', region: 'r' } },
      }),
    ).toThrow('SMS_GATEWAY=tencent needs TENCENT_SECRET_KEY, TENCENT_SMS_APP_ID, TENCENT_SMS_SIGN_NAME');
    expect(() => smsProviderCheck('aliyun', { log: quiet, timeoutMs: 1_000 })).toThrow(/needs ALIYUN_ACCESS_KEY_ID/);
  });

  it('a message whose purpose has no template is refused before any call (noTemplate)', async () => {
    const aliyun = createSmsGateway('aliyun', {
      ...deps,
      settings: {
        templates: { login: 'SMS_1' },
        // Nothing listens there: a call would fail as `network`, not `noTemplate`.
        aliyun: { accessKeyId: 'id', accessKeySecret: 's', signName: 'n', endpoint: 'http://127.0.0.1:9' },
      },
    });
    await expect(aliyun.send('13800000000', 'order', '123456')).rejects.toMatchObject({
      name: 'SmsRefusal',
      code: 'noTemplate',
    });
    await expect(aliyun.notify('13800000000', 'renewFailed', {})).rejects.toMatchObject({ code: 'noTemplate' });
    await expect(aliyun.send('13800000000', 'login', '123456')).rejects.toMatchObject({ code: 'network' });
  });

  it('the outbox has no provider to check', () => {
    expect(smsProviderCheck('outbox', { log: quiet, timeoutMs: 1_000 })).toBeUndefined();
  });
});
