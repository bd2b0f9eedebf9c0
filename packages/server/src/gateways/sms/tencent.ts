/**
 * Tencent Cloud SMS (SendSms 2021-01-11, PROVIDERS.md "SMS"): one TC3-HMAC-SHA256-signed JSON POST per
 * message, no SDK. Template parameters are positional: a code template has `{1}` = the code; a notice
 * template has the notice's parameters in the order the shop gives them.
 */
import { callProvider, type ProviderLogger } from './provider-http.js';
import { tc3Signature } from './signing.js';
import {
  type SmsGateway,
  type SmsPurpose,
  SmsRefusal,
  type SmsTemplates,
  type TencentSmsConfig,
} from './sms-gateway.js';
import { purposeOfNotice, purposeOfScene } from './templates.js';

export const TENCENT_SMS_VERSION = '2021-01-11';
const CONTENT_TYPE = 'application/json; charset=utf-8';

interface TencentAnswer {
  Response?: {
    Error?: { Code?: string; Message?: string };
    RequestId?: string;
    SendStatusSet?: { Code?: string; Message?: string; SerialNo?: string }[];
  };
}

/** Mainland numbers as Tencent wants them (E.164). */
export const e164 = (mobile: string) => (mobile.startsWith('+') ? mobile : `+86${mobile}`);

export class TencentSmsGateway implements SmsGateway {
  readonly name = 'tencent';

  constructor(
    private readonly config: TencentSmsConfig,
    private readonly templates: SmsTemplates,
    private readonly deps: { log: ProviderLogger; timeoutMs: number },
  ) {}

  send(mobile: string, scene: string, code: string): Promise<void> {
    return this.#sendSms(mobile, purposeOfScene(scene), [code]);
  }

  notify(mobile: string, notice: string, params: Record<string, string>): Promise<void> {
    return this.#sendSms(mobile, purposeOfNotice(notice), Object.values(params));
  }

  /** DescribeSmsSignList of no sign: the cheapest read-only call, to prove the key and endpoint work. */
  async check(): Promise<void> {
    await this.#call('DescribeSmsSignList', { SignIdSet: [], International: 0 });
  }

  async #sendSms(mobile: string, purpose: SmsPurpose | undefined, params: string[]): Promise<void> {
    const template = purpose && this.templates[purpose];
    if (!template) throw new SmsRefusal(this.name, 'noTemplate', `SMS_TEMPLATES has no ${purpose ?? 'such'} template`);
    const answer = await this.#call('SendSms', {
      PhoneNumberSet: [e164(mobile)],
      SmsSdkAppId: this.config.appId,
      SignName: this.config.signName,
      TemplateId: template,
      TemplateParamSet: params,
    });
    // A refusal of one number (its daily limit, a wrong number) comes as a status of that number.
    const status = answer.Response?.SendStatusSet?.[0];
    if (status?.Code !== 'Ok') {
      const code = status?.Code ?? 'noStatus';
      this.deps.log.warn(
        { provider: this.name, action: 'SendSms', code, requestId: answer.Response?.RequestId },
        'tencent refused',
      );
      throw new SmsRefusal(this.name, code, status?.Message ?? '', answer.Response?.RequestId);
    }
  }

  async #call(action: string, payload: object): Promise<TencentAnswer> {
    const endpoint = new URL(this.config.endpoint);
    const { status, body } = await callProvider(
      this.name,
      action,
      () => {
        const json = JSON.stringify(payload);
        const timestamp = Math.floor(Date.now() / 1000);
        const signed = tc3Signature(
          { host: endpoint.host, service: 'sms', timestamp, payload: json, contentType: CONTENT_TYPE },
          this.config.secretKey,
        );
        return {
          url: `${endpoint.origin}/`,
          headers: {
            'content-type': CONTENT_TYPE,
            'x-tc-action': action,
            'x-tc-version': TENCENT_SMS_VERSION,
            'x-tc-timestamp': String(timestamp),
            'x-tc-region': this.config.region,
            authorization: `TC3-HMAC-SHA256 Credential=${this.config.secretId}/${signed.credentialScope}, SignedHeaders=${signed.signedHeaders}, Signature=${signed.signature}`,
          },
          body: json,
        };
      },
      this.deps,
    );
    const answer = (body ?? {}) as TencentAnswer;
    const error = answer.Response?.Error;
    if (status !== 200 || error) {
      const code = error?.Code ?? `http${status}`;
      this.deps.log.warn(
        { provider: this.name, action, status, code, requestId: answer.Response?.RequestId },
        'tencent refused',
      );
      throw new SmsRefusal(this.name, code, error?.Message ?? '', answer.Response?.RequestId);
    }
    return answer;
  }
}
