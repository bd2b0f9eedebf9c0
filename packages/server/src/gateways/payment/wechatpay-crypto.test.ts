import { createVerify, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  authorization,
  decryptResource,
  encryptResource,
  jsapiPaySign,
  parseAuthorization,
  requestMessage,
  responseMessage,
  rsaSign,
  rsaVerify,
} from './wechatpay-crypto.js';

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz012345';

/** Verifies with node:crypto directly, so the helpers are checked against the scheme, not themselves. */
const verifiedBy = (key: typeof merchant.publicKey, message: string, signature: string) =>
  createVerify('RSA-SHA256').update(message).verify(key, signature, 'base64');

describe('WeChat Pay v3 signing strings', () => {
  it('a request message is METHOD, path with query, timestamp, nonce and body, each line ended', () => {
    expect(
      requestMessage('get', '/v3/pay/transactions/out-trade-no/PK1?mchid=1900000001', '1554208460', 'N1', ''),
    ).toBe('GET\n/v3/pay/transactions/out-trade-no/PK1?mchid=1900000001\n1554208460\nN1\n\n');
    expect(requestMessage('POST', '/v3/refund/domestic/refunds', '1', 'n', '{"a":1}')).toBe(
      'POST\n/v3/refund/domestic/refunds\n1\nn\n{"a":1}\n',
    );
  });

  it('a response message is timestamp, nonce and raw body, each line ended', () => {
    expect(responseMessage('1554209980', 'c5ac7061fccab6bf3e254dcf98995b8c', '{"x":1}')).toBe(
      '1554209980\nc5ac7061fccab6bf3e254dcf98995b8c\n{"x":1}\n',
    );
  });
});

describe('WeChat Pay v3 RSA signatures', () => {
  it('signs SHA256withRSA and verifies only the same message under the signer’s key', () => {
    const signature = rsaSign(merchant.privateKey, 'hello\n');
    expect(verifiedBy(merchant.publicKey, 'hello\n', signature)).toBe(true);
    expect(rsaVerify(merchant.publicKey, 'hello\n', signature)).toBe(true);
    expect(rsaVerify(merchant.publicKey, 'hello!\n', signature)).toBe(false);
    expect(rsaVerify(other.publicKey, 'hello\n', signature)).toBe(false);
    expect(rsaVerify(merchant.publicKey, 'hello\n', 'not base64 at all')).toBe(false);
  });

  it('the Authorization header carries the fields WeChat reads, and its signature covers the request', () => {
    const header = authorization({
      mchId: '1900000001',
      serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      key: merchant.privateKey,
      method: 'POST',
      pathAndQuery: '/v3/pay/transactions/jsapi',
      body: '{"x":1}',
      timestamp: '1554208460',
      nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
    });
    expect(header.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true);
    const fields = parseAuthorization(header);
    expect(fields).toMatchObject({
      mchid: '1900000001',
      serial_no: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      timestamp: '1554208460',
      nonce_str: '593BEC0C930BF1AFEB40B4A08C8FB242',
    });
    const message = 'POST\n/v3/pay/transactions/jsapi\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n{"x":1}\n';
    expect(verifiedBy(merchant.publicKey, message, fields?.signature ?? '')).toBe(true);
    expect(parseAuthorization('Bearer abc')).toBeUndefined();
  });

  it('paySign signs appId, timeStamp, nonceStr and package, each line ended', () => {
    const paySign = jsapiPaySign(
      merchant.privateKey,
      'wx8888888888888888',
      '1414561699',
      'nonce1',
      'prepay_id=wx201410',
    );
    expect(
      verifiedBy(merchant.publicKey, 'wx8888888888888888\n1414561699\nnonce1\nprepay_id=wx201410\n', paySign),
    ).toBe(true);
    expect(verifiedBy(merchant.publicKey, 'wx8888888888888888\n1414561699\nnonce1\nprepay_id=other\n', paySign)).toBe(
      false,
    );
  });
});

describe('WeChat Pay v3 callback resource (AEAD_AES_256_GCM)', () => {
  it('decrypts what was encrypted with the APIv3 key, nonce and associated data', () => {
    const plain = JSON.stringify({ out_trade_no: 'PK1', amount: { total: 2990 } });
    const resource = encryptResource(API_V3_KEY, plain, 'transaction');
    expect(resource.nonce).toHaveLength(12);
    expect(decryptResource(API_V3_KEY, resource)).toBe(plain);
    expect(decryptResource(API_V3_KEY, encryptResource(API_V3_KEY, plain, ''))).toBe(plain);
  });

  it('refuses a tampered ciphertext, another associated data or another key', () => {
    const resource = encryptResource(API_V3_KEY, '{"amount":{"total":2990}}', 'transaction');
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    bytes[3] = (bytes[3] as number) ^ 1;
    expect(() => decryptResource(API_V3_KEY, { ...resource, ciphertext: bytes.toString('base64') })).toThrow();
    expect(() => decryptResource(API_V3_KEY, { ...resource, associated_data: 'refund' })).toThrow();
    expect(() => decryptResource('0'.repeat(32), resource)).toThrow();
    expect(() => decryptResource(API_V3_KEY, { ...resource, ciphertext: 'AAAA' })).toThrow();
  });
});
