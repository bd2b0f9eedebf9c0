/**
 * Aliyun SMS (dysmsapi 2017-05-25, PROVIDERS.md "SMS"): one ACS3-HMAC-SHA256-signed POST per message, no
 * SDK. The parameters travel in the query string (RPC style) with an empty body. A code template has one
 * variable, `code`; a notice template has the notice's own parameters by name.
 */
import { randomBytes } from 'node:crypto';
import { callProvider, type ProviderLogger } from './provider-http.js';
import { acs3Headers, acs3Signature, acsPercentEncode } from './signing.js';
import {
  type AliyunSmsConfig,
  type SmsGateway,
  type SmsPurpose,
  SmsRefusal,
  type SmsTemplates,
} from './sms-gateway.js';
import { purposeOfNotice, purposeOfScene } from './templates.js';

export const ALIYUN_SMS_VERSION = '2017-05-25';

interface AliyunAnswer {
  Code?: string;
  Message?: string;
  RequestId?: string;
  BizId?: string;
}

export class AliyunSmsGateway implements SmsGateway {
  readonly name = 'aliyun';

  constructor(
    private readonly config: AliyunSmsConfig,
    private readonly templates: SmsTemplates,
    private readonly deps: { log: ProviderLogger; timeoutMs: number },
  ) {}

  send(mobile: string, scene: string, code: string): Promise<void> {
    return this.#sendSms(mobile, purposeOfScene(scene), { code });
  }

  notify(mobile: string, notice: string, params: Record<string, string>): Promise<void> {
    return this.#sendSms(mobile, purposeOfNotice(notice), params);
  }

  /** QuerySendStatistics of today: the cheapest read-only call, to prove the key and endpoint work. */
  async check(): Promise<void> {
    const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    await this.#call('QuerySendStatistics', {
      IsGlobe: '1',
      StartDate: day,
      EndDate: day,
      PageIndex: '1',
      PageSize: '1',
    });
  }

  async #sendSms(mobile: string, purpose: SmsPurpose | undefined, params: Record<string, string>): Promise<void> {
    const template = purpose && this.templates[purpose];
    if (!template) throw new SmsRefusal(this.name, 'noTemplate', `SMS_TEMPLATES has no ${purpose ?? 'such'} template`);
    await this.#call('SendSms', {
      PhoneNumbers: mobile,
      SignName: this.config.signName,
      TemplateCode: template,
      TemplateParam: JSON.stringify(params),
    });
  }

  async #call(action: string, query: Record<string, string>): Promise<AliyunAnswer> {
    const endpoint = new URL(this.config.endpoint);
    const { status, body } = await callProvider(
      this.name,
      action,
      () => {
        const req = {
          method: 'POST',
          path: '/',
          query,
          host: endpoint.host,
          action,
          version: ALIYUN_SMS_VERSION,
          date: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
          nonce: randomBytes(16).toString('hex'),
          body: '',
        };
        const { signature, signedHeaders } = acs3Signature(req, this.config.accessKeySecret);
        const search = Object.entries(query)
          .map(([key, value]) => `${acsPercentEncode(key)}=${acsPercentEncode(value)}`)
          .join('&');
        // fetch sends the URL's own host (with its port), which is the one signed.
        const { host: _host, ...headers } = acs3Headers(req);
        return {
          url: `${endpoint.origin}/?${search}`,
          headers: {
            ...headers,
            authorization: `ACS3-HMAC-SHA256 Credential=${this.config.accessKeyId},SignedHeaders=${signedHeaders},Signature=${signature}`,
          },
          body: '',
        };
      },
      this.deps,
    );
    const answer = (body ?? {}) as AliyunAnswer;
    if (status !== 200 || answer.Code !== 'OK') {
      this.deps.log.warn(
        { provider: this.name, action, status, code: answer.Code, requestId: answer.RequestId },
        'aliyun refused',
      );
      throw new SmsRefusal(this.name, answer.Code ?? `http${status}`, answer.Message ?? '', answer.RequestId);
    }
    return answer;
  }
}
