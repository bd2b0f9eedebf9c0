import { describe, expect, it } from 'vitest';
import { acs3Signature, acsPercentEncode, tc3Signature } from './signing.js';

describe('Aliyun ACS3-HMAC-SHA256', () => {
  it("reproduces Aliyun's documented V3 vector (RunInstances)", () => {
    const signed = acs3Signature(
      {
        method: 'POST',
        path: '/',
        query: { RegionId: 'cn-shanghai', ImageId: 'win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd' },
        host: 'ecs.cn-shanghai.aliyuncs.com',
        action: 'RunInstances',
        version: '2014-05-26',
        date: '2023-10-26T09:01:01Z',
        nonce: 'd410180a5abf7fe235dd9b74aca91fc0',
        body: '',
      },
      'YourAccessKeySecret',
    );
    expect(signed).toEqual({
      signature: 'e521358f7776c97df52e6b2891a8bc73026794a071b50c3323388c4e0df64804',
      signedHeaders: 'host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version',
    });
  });

  it('a different secret gives a different signature', () => {
    const req = {
      method: 'POST',
      path: '/',
      query: { RegionId: 'cn-shanghai' },
      host: 'ecs.cn-shanghai.aliyuncs.com',
      action: 'RunInstances',
      version: '2014-05-26',
      date: '2023-10-26T09:01:01Z',
      nonce: 'n',
      body: '',
    };
    expect(acs3Signature(req, 'a').signature).not.toBe(acs3Signature(req, 'b').signature);
  });

  it('percent-encodes as RFC 3986 (space as %20, * and ! encoded, ~ kept)', () => {
    expect(acsPercentEncode('a b*!~{"x":"1"}')).toBe('a%20b%2A%21~%7B%22x%22%3A%221%22%7D');
  });
});

describe('Tencent Cloud TC3-HMAC-SHA256', () => {
  it("reproduces the signature-v3 document's vector (CVM DescribeInstances)", () => {
    const signed = tc3Signature(
      {
        host: 'cvm.tencentcloudapi.com',
        service: 'cvm',
        timestamp: 1551113065,
        payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
        contentType: 'application/json; charset=utf-8',
      },
      'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
    );
    expect(signed).toEqual({
      signature: '72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
      signedHeaders: 'content-type;host',
      credentialScope: '2019-02-25/cvm/tc3_request',
    });
  });
});
