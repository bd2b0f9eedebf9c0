/**
 * A fake of Aliyun's SMS API (dysmsapi 2017-05-25) for the adapter's tests. It checks every call as
 * Aliyun does (ACS3-HMAC-SHA256 recomputed from the request as received: its query, the headers it
 * names as signed, the body's hash), refuses a wrong one with Aliyun's own error shape, records each
 * message sent (FakeSmsProvider), and can be told to refuse the next send with a business code or to not answer at all.
 * Its signature check is written here on its own, not borrowed from the adapter it tests.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FakeAnswer, header } from './http.js';
import { FakeSmsProvider } from './sms.js';

export interface AliyunSentMessage {
  phone: string;
  signName: string;
  template: string;
  params: Record<string, string>;
}

const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export class FakeAliyunSms extends FakeSmsProvider<AliyunSentMessage> {
  readonly accessKeyId = 'LTAI5tFakeAccessKeyId';
  readonly accessKeySecret = 'fake-aliyun-access-key-secret';
  readonly signName = '好卡商城';
  /** Template codes the fake knows (as approved in Aliyun's console). */
  readonly templates = {
    login: 'SMS_100000001',
    order: 'SMS_100000002',
    payPassword: 'SMS_100000003',
    bindMobile: 'SMS_100000004',
    alert: 'SMS_100000005',
    cardAlert: 'SMS_100000006',
  };
  /** Each template's variables as approved: a send that leaves one out is refused, as Aliyun does. */
  readonly variables: Record<string, readonly string[]> = {
    SMS_100000001: ['code'],
    SMS_100000002: ['code'],
    SMS_100000003: ['code'],
    SMS_100000004: ['code'],
    SMS_100000005: ['card', 'packageName', 'price', 'endAt'],
    SMS_100000006: ['card', 'kind', 'value', 'period'],
  };
  protected readonly actionHeader = 'x-acs-action';
  private readonly nonces = new Set<string>();

  static start(): Promise<FakeAliyunSms> {
    return new FakeAliyunSms().listen();
  }

  /** The code param of the latest message to `mobile`. */
  lastCode(mobile: string): string | undefined {
    return this.messages.filter((m) => m.phone === mobile).at(-1)?.params.code;
  }

  private error(status: number, code: string, message: string): FakeAnswer {
    return {
      status,
      body: { RequestId: randomUUID(), HostId: 'dysmsapi.aliyuncs.com', Code: code, Message: message },
    };
  }

  protected answer(action: string, req: IncomingMessage): FakeAnswer {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = Object.fromEntries(url.searchParams);
    const ok = (extra: object) => ({
      status: 200,
      body: { RequestId: randomUUID(), Code: 'OK', Message: 'OK', ...extra },
    });
    if (header(req, 'x-acs-version') !== '2017-05-25') {
      return this.error(400, 'InvalidVersion', 'Specified parameter Version is not valid.');
    }
    switch (action) {
      case 'SendSms':
        return this.sendSms(params, ok);
      case 'QuerySendStatistics':
        return ok({ Data: { TotalSize: 0, TargetList: [] } });
      case 'QuerySmsSignList':
        return ok({ SmsSignList: [{ SignName: this.signName, AuditStatus: 'AUDIT_STATE_PASS' }] });
      default:
        return this.error(
          404,
          'InvalidAction.NotFound',
          `Specified api is not found, please check your url and method.`,
        );
    }
  }

  private sendSms(params: Record<string, string>, ok: (extra: object) => FakeAnswer): FakeAnswer {
    const business = (code: string, message: string) => this.error(200, code, message);
    const refusal = this.takeRefusal();
    if (refusal) return business(refusal, `refused by the test: ${refusal}`);
    const { PhoneNumbers: phone = '', SignName: signName = '', TemplateCode: template = '' } = params;
    if (!/^1\d{10}$/.test(phone)) return business('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    if (signName !== this.signName) return business('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
    if (!Object.values(this.templates).includes(template)) {
      return business('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
    }
    let templateParams: unknown;
    try {
      templateParams = JSON.parse(params.TemplateParam ?? '{}');
    } catch {
      return business('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    if (
      typeof templateParams !== 'object' ||
      templateParams === null ||
      Object.values(templateParams).some((v) => typeof v !== 'string')
    ) {
      return business('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    const missing = (this.variables[template] ?? []).filter((name) => !(name in templateParams));
    if (missing.length > 0) return business('isv.TEMPLATE_MISSING_PARAMETERS', `模板缺少变量：${missing.join(',')}`);
    this.messages.push({ phone, signName, template, params: templateParams as Record<string, string> });
    return ok({ BizId: `${Date.now()}^0` });
  }

  /** Aliyun's V3 check, on the request as received; undefined when it passes. */
  protected checkSignature(req: IncomingMessage, body: string): FakeAnswer | undefined {
    const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      header(req, 'authorization'),
    );
    if (!match)
      return this.error(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    const [, keyId, signedList = '', signature] = match;
    if (keyId !== this.accessKeyId) {
      return this.error(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    }
    const signed = signedList.split(';');
    const unsigned = Object.keys(req.headers).filter((h) => h.startsWith('x-acs-') && !signed.includes(h));
    if (!signed.includes('host') || unsigned.length > 0) {
      return this.error(400, 'IncompleteSignature', `Headers must be signed: host and ${unsigned.join(', ')}`);
    }
    if (header(req, 'x-acs-content-sha256') !== sha256(body)) {
      return this.error(400, 'IncompleteSignature', 'x-acs-content-sha256 does not match the body.');
    }
    const date = Date.parse(header(req, 'x-acs-date'));
    if (
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(header(req, 'x-acs-date')) ||
      Math.abs(Date.now() - date) > 15 * 60_000
    ) {
      return this.error(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    }
    const nonce = header(req, 'x-acs-signature-nonce');
    if (!nonce || this.nonces.has(nonce)) {
      return this.error(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    }
    const [path = '/', rawQuery = ''] = (req.url ?? '/').split('?');
    const canonicalQuery = rawQuery
      .split('&')
      .filter((pair) => pair !== '')
      .map((pair) => {
        const [key = '', value = ''] = pair.split('=');
        const decode = (s: string) => decodeURIComponent(s.replaceAll('+', ' '));
        return [rfc3986(decode(key)), rfc3986(decode(value))] as const;
      })
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, value]) => `${key}=${value}`)
      .join('&');
    const sortedSigned = [...signed].sort();
    const canonicalHeaders = sortedSigned.map((name) => `${name}:${header(req, name).trim()}\n`).join('');
    const canonical = [req.method, path, canonicalQuery, canonicalHeaders, sortedSigned.join(';'), sha256(body)].join(
      '\n',
    );
    const expected = createHmac('sha256', this.accessKeySecret)
      .update(`ACS3-HMAC-SHA256\n${sha256(canonical)}`)
      .digest('hex');
    if (expected !== signature) {
      return this.error(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    }
    this.nonces.add(nonce);
    return undefined;
  }
}
