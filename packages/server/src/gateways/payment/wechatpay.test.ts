import { describe, expect, it } from 'vitest';
import { clipBytes, missingWechatPaySettings } from './wechatpay.js';

describe('WeChat Pay adapter helpers', () => {
  it('clips a text to whole characters within WeChat’s byte limit', () => {
    expect(clipBytes('测试流量包', 127)).toBe('测试流量包');
    // Each of these characters is 3 bytes in UTF-8: 7 bytes hold 2 of them, never half of a third.
    expect(clipBytes('测试流量包', 7)).toBe('测试');
    expect(Buffer.byteLength(clipBytes('流'.repeat(100), 127))).toBe(126);
    expect(clipBytes('abc', 2)).toBe('ab');
  });

  it('one way to verify WeChat is enough: the public key with its id, or the platform certificates', () => {
    const merchant = {
      mchId: '1900000001',
      appId: 'wx1234567890abcdef',
      apiV3Key: 'k'.repeat(32),
      privateKeyFile: '/k.pem',
      certSerial: 'ABCDEF0123',
    };
    expect(missingWechatPaySettings({ ...merchant, publicKeyFile: '/p.pem', publicKeyId: 'PUB_KEY_ID_1' })).toEqual([]);
    expect(missingWechatPaySettings({ ...merchant, platformCertDir: '/certs' })).toEqual([]);
    expect(missingWechatPaySettings(merchant)).toEqual(['WECHATPAY_PUBLIC_KEY_FILE', 'WECHATPAY_PUBLIC_KEY_ID']);
    expect(missingWechatPaySettings({ ...merchant, platformCertDir: '/certs', publicKeyId: 'PUB_KEY_ID_1' })).toEqual([
      'WECHATPAY_PUBLIC_KEY_FILE',
    ]);
  });
});
