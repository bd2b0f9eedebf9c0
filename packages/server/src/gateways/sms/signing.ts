/**
 * The two request signatures of the SMS providers, on node:crypto only (PROVIDERS.md "SMS": no SDK).
 * Both are pure functions of the request and a clock/nonce the caller passes, so the published vectors
 * are unit tests (signing.test.ts).
 */
import { createHash, createHmac } from 'node:crypto';

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

/**
 * RFC 3986 encoding as Aliyun's V3 canonical query wants it: encodeURIComponent leaves `!'()*` alone,
 * which Aliyun encodes.
 */
export function acsPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export interface Acs3Request {
  method: string;
  /** `/` for the RPC-style APIs (dysmsapi). */
  path: string;
  query: Record<string, string>;
  host: string;
  action: string;
  version: string;
  /** ISO 8601 UTC without milliseconds, e.g. 2023-10-26T09:01:01Z. */
  date: string;
  nonce: string;
  body: string;
}

/** The x-acs-* headers (with host) a V3 call carries and signs. */
export function acs3Headers(req: Acs3Request): Record<string, string> {
  return {
    host: req.host,
    'x-acs-action': req.action,
    'x-acs-content-sha256': sha256Hex(req.body),
    'x-acs-date': req.date,
    'x-acs-signature-nonce': req.nonce,
    'x-acs-version': req.version,
  };
}

/** Hex HMAC-SHA256 signature of an Aliyun V3 (ACS3-HMAC-SHA256) request. */
export function acs3Signature(req: Acs3Request, accessKeySecret: string): { signature: string; signedHeaders: string } {
  const headers = acs3Headers(req);
  const names = Object.keys(headers).sort();
  const canonicalQuery = Object.keys(req.query)
    .sort()
    .map((key) => `${acsPercentEncode(key)}=${acsPercentEncode(req.query[key] ?? '')}`)
    .join('&');
  const canonicalRequest = [
    req.method.toUpperCase(),
    req.path,
    canonicalQuery,
    names.map((name) => `${name}:${String(headers[name]).trim()}\n`).join(''),
    names.join(';'),
    headers['x-acs-content-sha256'],
  ].join('\n');
  const stringToSign = `ACS3-HMAC-SHA256\n${sha256Hex(canonicalRequest)}`;
  return {
    signature: createHmac('sha256', accessKeySecret).update(stringToSign).digest('hex'),
    signedHeaders: names.join(';'),
  };
}

export interface Tc3Request {
  host: string;
  /** The product, first label of the host (`sms`, `cvm`). */
  service: string;
  /** Unix seconds; also fixes the credential scope's UTC date. */
  timestamp: number;
  /** The JSON body, byte for byte as sent. */
  payload: string;
  contentType: string;
}

/** Hex signature of a Tencent Cloud API 3.0 (TC3-HMAC-SHA256) POST. */
export function tc3Signature(
  req: Tc3Request,
  secretKey: string,
): { signature: string; signedHeaders: string; credentialScope: string } {
  // The two headers Tencent's own SDKs (and the document's vector) sign; X-TC-Action is sent unsigned.
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${req.contentType}\nhost:${req.host}\n`,
    signedHeaders,
    sha256Hex(req.payload),
  ].join('\n');
  const date = new Date(req.timestamp * 1000).toISOString().slice(0, 10);
  const credentialScope = `${date}/${req.service}/tc3_request`;
  const stringToSign = `TC3-HMAC-SHA256\n${req.timestamp}\n${credentialScope}\n${sha256Hex(canonicalRequest)}`;
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  const signingKey = hmac(hmac(hmac(`TC3${secretKey}`, date), req.service), 'tc3_request');
  return {
    signature: createHmac('sha256', signingKey).update(stringToSign).digest('hex'),
    signedHeaders,
    credentialScope,
  };
}
