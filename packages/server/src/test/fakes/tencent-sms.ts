/**
 * A fake of Tencent Cloud's SMS API (SendSms 2021-01-11) for the adapter's tests. It checks every call
 * as Tencent does (TC3-HMAC-SHA256 recomputed from the request as received, with the credential's date
 * and service), refuses a wrong one with Tencent's own error shape, records each message sent
 * (FakeSmsProvider), and can
 * be told to refuse the next send with a business code or to not answer at all. Its signature check is
 * written here on its own, not borrowed from the adapter it tests.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FakeAnswer, header } from './http.js';
import { FakeSmsProvider } from './sms.js';

export interface TencentSentMessage {
  /** E.164, as Tencent takes it (+8613800000000). */
  phone: string;
  signName: string;
  template: string;
  params: string[];
}

/** Refusals Tencent gives per number (in SendStatusSet), not for the whole call. */
const PER_NUMBER = ['LimitExceeded.', 'InvalidParameterValue.IncorrectPhoneNumber'];

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

export class FakeTencentSms extends FakeSmsProvider<TencentSentMessage> {
  readonly secretId = 'AKIDfakeTencentSecretId0000';
  readonly secretKey = 'fake-tencent-secret-key-0000';
  readonly appId = '1400000001';
  readonly signName = '好卡商城';
  readonly templates = {
    login: '100001',
    order: '100002',
    payPassword: '100003',
    bindMobile: '100004',
    alert: '100005',
    cardAlert: '100006',
  };
  /** How many variables each approved template has: a parameter set of another size is refused, as Tencent does. */
  readonly variableCounts: Record<string, number> = {
    '100001': 1,
    '100002': 1,
    '100003': 1,
    '100004': 1,
    '100005': 4,
    '100006': 4,
  };
  protected readonly actionHeader = 'x-tc-action';

  static start(): Promise<FakeTencentSms> {
    return new FakeTencentSms().listen();
  }

  /** The code ({1}) of the latest message to the mainland `mobile`. */
  lastCode(mobile: string): string | undefined {
    return this.messages.filter((m) => m.phone === `+86${mobile}`).at(-1)?.params[0];
  }

  private respond(response: object): FakeAnswer {
    // Tencent answers every call, refused or not, with HTTP 200 and the outcome inside Response.
    return { status: 200, body: { Response: { ...response, RequestId: randomUUID() } } };
  }

  private error(code: string, message: string): FakeAnswer {
    return this.respond({ Error: { Code: code, Message: message } });
  }

  protected answer(action: string, req: IncomingMessage, body: string): FakeAnswer {
    if (header(req, 'x-tc-version') !== '2021-01-11') {
      return this.error('InvalidParameterValue', 'The value of X-TC-Version is not supported.');
    }
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return this.error('InvalidParameter', 'The request body is not JSON.');
    }
    switch (action) {
      case 'SendSms':
        return this.sendSms(payload);
      case 'DescribeSmsSignList':
        return this.respond({ DescribeSignListStatusSet: [] });
      default:
        return this.error('InvalidAction', `The action ${action} does not exist.`);
    }
  }

  private sendSms(payload: Record<string, unknown>): FakeAnswer {
    const phones = Array.isArray(payload.PhoneNumberSet) ? (payload.PhoneNumberSet as unknown[]) : [];
    const phone = String(phones[0] ?? '');
    const template = String(payload.TemplateId ?? '');
    const params = Array.isArray(payload.TemplateParamSet) ? payload.TemplateParamSet.map(String) : [];
    const status = (code: string, message: string) =>
      this.respond({
        SendStatusSet: [
          {
            SerialNo: randomUUID(),
            PhoneNumber: phone,
            Fee: 1,
            SessionContext: '',
            Code: code,
            Message: message,
            IsoCode: 'CN',
          },
        ],
      });
    const refusal = this.takeRefusal();
    if (refusal) {
      return PER_NUMBER.some((prefix) => refusal.startsWith(prefix))
        ? status(refusal, `refused by the test: ${refusal}`)
        : this.error(refusal, `refused by the test: ${refusal}`);
    }
    if (payload.SmsSdkAppId !== this.appId)
      return this.error('InvalidParameterValue.SdkAppIdNotExist', 'SdkAppId不存在。');
    if (payload.SignName !== this.signName) {
      return this.error('FailedOperation.SignatureIncorrectOrUnapproved', '签名未审批或格式错误。');
    }
    if (!Object.values(this.templates).includes(template)) {
      return this.error('FailedOperation.TemplateIncorrectOrUnapproved', '模板未审批或内容不匹配。');
    }
    if (params.length !== this.variableCounts[template]) {
      return this.error(
        'FailedOperation.TemplateParamSetNotMatchApprovedTemplate',
        '请求内容与审核通过的模板内容不匹配。',
      );
    }
    if (phones.length !== 1 || !/^\+861\d{10}$/.test(phone)) {
      return status('InvalidParameterValue.IncorrectPhoneNumber', '手机号格式错误。');
    }
    this.messages.push({ phone, signName: String(payload.SignName), template, params });
    return status('Ok', 'send success');
  }

  /** Tencent's TC3 check, on the request as received; undefined when it passes. */
  protected checkSignature(req: IncomingMessage, body: string): FakeAnswer | undefined {
    const match =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        header(req, 'authorization'),
      );
    if (!match) return this.error('AuthFailure.InvalidAuthorization', 'Authorization is not well formed.');
    const [, secretId, date = '', service = '', signedList = '', signature] = match;
    if (secretId !== this.secretId) return this.error('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
    const timestamp = Number(header(req, 'x-tc-timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) {
      return this.error('AuthFailure.SignatureExpire', 'The signature expired.');
    }
    const signed = signedList.split(';');
    if (!signed.includes('content-type') || !signed.includes('host')) {
      return this.error('AuthFailure.InvalidAuthorization', 'content-type and host must be signed.');
    }
    const canonicalHeaders = signed.map((name) => `${name}:${header(req, name).trim().toLowerCase()}\n`).join('');
    const canonical = ['POST', '/', '', canonicalHeaders, signedList, sha256(body)].join('\n');
    const scopeDate = new Date(timestamp * 1000).toISOString().slice(0, 10);
    const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha256(canonical)}`;
    const key = hmac(hmac(hmac(`TC3${this.secretKey}`, date), service), 'tc3_request');
    const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
    if (req.method !== 'POST' || date !== scopeDate || service !== 'sms' || expected !== signature) {
      return this.error(
        'AuthFailure.SignatureFailure',
        'The provided credentials could not be validated. Please check your signature is correct.',
      );
    }
    return undefined;
  }
}
