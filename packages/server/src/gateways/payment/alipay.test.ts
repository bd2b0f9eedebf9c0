/**
 * The Alipay adapter's notify verification against a real notify published with the SDK's own tests
 * (alipay-sdk-nodejs-all, test/alipay.test.ts, "verify sign should delete sign_type"), and its start-time
 * checks of the settings.
 */
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../../test/scratch.js';
import { createAlipayGateway } from './alipay.js';
import { NotifyRejected } from './payment-gateway.js';

const dir = scratchDir('alipay-unit');

/** Alipay's public key of that notify, as the open platform shows it (bare base64). */
const VECTOR_ALIPAY_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqObrdC7hrgAVM98tK0nv3hSQRGGKT4lBsQjHiGjeYZjOPIPHR5knm2jnnz/YGIXIofVHkA/tAlBAd5DrY7YpvI4tP5EONLtZKC2ghBMx7McI2wRD0xiqzxOQr1FuhZGJ8/AUokBzJrzY+aGX2xcOrxFYRlFilvVLTXg4LWjR1tdPkO6+i7wQZAIVMClPkwVRZEbaERRHlKqTzv2gGv5rDU8gRoe1LeaN+6BlbTqHWkQcNCUNrA8C6l17XAXGKDsm/9TFWwO8EPHHHCaQdjtV5/FdcWIt+L8SR1ss7EXTjYDFtxcKVv9rEoY1lX8T4mX+GbXfZHraG5NCF1+XioL5JwIDAQAB';

const VECTOR_SIGN =
  'QfTb8tqE1BMhS5qAnXtvsF3/jBkEvu9q9en0pdbBUDDjvKycZhQb7h8GDs4FKfi049PynaNuatxSgLb/nLWZpXyyh0LEWdK2S6Ri7nPwrVgOs08zugLO20vOQz44y3ti2Ncm8/wZts1Fr2gZ7pShnVX3d1B50hbsXnObT1r/U8ONNQjWXd0HIul4TG+Q3fm3svmSvFEy0WnzuhcyHPX5Gm4ELNctL6Qd5YniGJFNcc7kopHYtI/XD9YCKCH6Ct02rzUs9i11C9CsadtZn+WhxF26Dqt9sGEFajkJ8cxUTLi8+VCpLHsgPE8P0y095uQcDdK0YjCh4x7wVSov+lrmOQ==';

/** The notify's fields; fund_bill_list travels as the JSON text Alipay posts. */
const VECTOR_FIELDS: Record<string, string> = {
  gmt_create: '2019-08-15 15:56:22',
  charset: 'utf-8',
  seller_email: 'z97-yuquerevenue@service.aliyun.com',
  subject: '语雀空间 500人规模',
  sign: VECTOR_SIGN,
  buyer_id: '2088102534368455',
  invoice_amount: '0.10',
  notify_id: '2019081500222155624068450559358070',
  fund_bill_list: '[{"amount":"0.10","fundChannel":"ALIPAYACCOUNT"}]',
  notify_type: 'trade_status_sync',
  trade_status: 'TRADE_SUCCESS',
  receipt_amount: '0.10',
  buyer_pay_amount: '0.10',
  sign_type: 'RSA2',
  app_id: '2019073166072302',
  seller_id: '2088531891668739',
  gmt_payment: '2019-08-15 15:56:24',
  notify_time: '2019-08-15 15:56:25',
  version: '1.0',
  out_trade_no: '20190815155618536-564-57',
  total_amount: '0.10',
  trade_no: '2019081522001468450512505578',
  auth_app_id: '2019073166072302',
  buyer_logon_id: 'xud***@126.com',
  point_amount: '0.00',
};

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function appKeyFile(): string {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const file = join(dir, `app-${Math.random().toString(36).slice(2)}.pem`);
  writeFileSync(file, privateKey);
  return file;
}

const quiet = { info() {}, warn() {} };

/** 15:56:25 in Beijing, the notify's notify_time: the vector is judged at the moment it was sent. */
const VECTOR_SENT_AT = Date.UTC(2019, 7, 15, 7, 56, 25);

function vectorGateway(appId = VECTOR_FIELDS.app_id, now = VECTOR_SENT_AT + 1000) {
  const publicKeyFile = join(dir, 'vector-alipay-public-key.txt');
  writeFileSync(publicKeyFile, `${VECTOR_ALIPAY_PUBLIC_KEY}\n`);
  return createAlipayGateway({
    config: { appId, privateKeyFile: appKeyFile(), publicKeyFile, gateway: 'http://127.0.0.1:9/gateway.do' },
    log: quiet,
    timeoutMs: 1000,
    now: () => now,
  });
}

async function rejection(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NotifyRejected);
  return (err as NotifyRejected).reason;
}

describe('Alipay notify verification (the SDK’s published vector)', () => {
  it('verifies the genuine notify over its raw form values and reads the payment from it', async () => {
    const verified = await vectorGateway().verifyNotify({}, form(VECTOR_FIELDS));
    expect(verified).toEqual({
      orderSn: '20190815155618536-564-57',
      tradeNo: '2019081522001468450512505578',
      amountFen: 10,
      // 15:56:24 in Beijing.
      paidAt: Date.UTC(2019, 7, 15, 7, 56, 24),
      prepayId: '',
    });
  });

  it('is signed without sign_type: the same content with sign_type kept does not verify', () => {
    const content = (drop: string[]) =>
      Object.keys(VECTOR_FIELDS)
        .filter((k) => !drop.includes(k))
        .sort()
        .map((k) => `${k}=${VECTOR_FIELDS[k]}`)
        .join('&');
    const key = `-----BEGIN PUBLIC KEY-----\n${VECTOR_ALIPAY_PUBLIC_KEY}\n-----END PUBLIC KEY-----`;
    const verify = (text: string) => createVerify('RSA-SHA256').update(text, 'utf8').verify(key, VECTOR_SIGN, 'base64');
    expect(verify(content(['sign', 'sign_type']))).toBe(true);
    expect(verify(content(['sign']))).toBe(false);
  });

  it('refuses a tampered amount, a missing signature, another app and a trade that is not paid', async () => {
    const gateway = vectorGateway();
    expect(await rejection(gateway.verifyNotify({}, form({ ...VECTOR_FIELDS, total_amount: '0.01' })))).toBe(
      'bad signature',
    );
    const { sign: _sign, ...unsigned } = VECTOR_FIELDS;
    expect(await rejection(gateway.verifyNotify({}, form(unsigned)))).toBe('missing signature');
    expect(await rejection(gateway.verifyNotify({}, `${form(VECTOR_FIELDS)}&total_amount=0.10`))).toBe(
      'repeated field total_amount',
    );
    // The genuine notify, replayed more than 5 minutes after it was sent.
    expect(
      await rejection(
        vectorGateway(undefined, VECTOR_SENT_AT + 5 * 60_000 + 1000).verifyNotify({}, form(VECTOR_FIELDS)),
      ),
    ).toBe('stale notify_time');
    // The genuine notify, received by a server configured with another app id.
    expect(await rejection(vectorGateway('2019073100000000').verifyNotify({}, form(VECTOR_FIELDS)))).toBe(
      'notify for another app',
    );
  });

  it('answers Alipay the plain text success only when asked to', () => {
    const gateway = vectorGateway();
    expect(gateway.ackNotify(true)).toEqual({ status: 200, body: 'success', contentType: 'text/plain; charset=utf-8' });
    expect(gateway.ackNotify(false).body).toBe('fail');
  });
});

describe('Alipay settings are checked when the server starts', () => {
  it('names every missing setting in one message', () => {
    expect(() =>
      createAlipayGateway({ config: { gateway: 'https://openapi.alipay.com/gateway.do' }, log: quiet, timeoutMs: 1 }),
    ).toThrow(
      /^PAYMENT_PROVIDER=alipay cannot start: ALIPAY_APP_ID is not set; ALIPAY_PRIVATE_KEY_FILE is not set; ALIPAY_PUBLIC_KEY_FILE is not set \(/,
    );
  });

  it('names a key file that cannot be read and one that is not a key', () => {
    const garbage = join(dir, 'not-a-key.pem');
    writeFileSync(garbage, '-----BEGIN PUBLIC KEY-----\nbm90IGEga2V5\n-----END PUBLIC KEY-----\n');
    const missing = join(dir, 'nowhere.pem');
    expect(() =>
      createAlipayGateway({
        config: { appId: '2021000000000001', privateKeyFile: missing, publicKeyFile: garbage, gateway: 'x' },
        log: quiet,
        timeoutMs: 1,
      }),
    ).toThrow(
      `PAYMENT_PROVIDER=alipay cannot start: ALIPAY_PRIVATE_KEY_FILE: cannot read ${missing}; ALIPAY_PUBLIC_KEY_FILE: ${garbage} is not an RSA public key (PEM or base64 DER)`,
    );
  });
});
