/**
 * The cryptography of WeChat Pay API v3 (PROVIDERS.md "WeChat Pay API v3"), small and pure on node:crypto:
 * SHA256withRSA request signatures, verification of WeChat's response and callback signatures, the
 * AEAD_AES_256_GCM callback resource, and the JSAPI paySign. The adapter (wechatpay.ts) and the test fake
 * both use these, so each is proved once by its own unit test.
 */
import { createCipheriv, createDecipheriv, createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';

/** The message a merchant signs: `METHOD\nPATH?QUERY\ntimestamp\nnonce\nbody\n` (body empty for GET). */
export function requestMessage(method: string, pathAndQuery: string, timestamp: string, nonce: string, body: string) {
  return `${method.toUpperCase()}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** The message WeChat signs on a response or callback: `timestamp\nnonce\nRAW_BODY\n`. */
export function responseMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

/** base64 SHA256withRSA (PKCS#1 v1.5), the only scheme API v3 uses. */
export function rsaSign(key: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message).sign(key, 'base64');
}

export function rsaVerify(key: KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(key, signature, 'base64');
  } catch {
    // A signature that is not even decodable is simply not valid.
    return false;
  }
}

/** The `Authorization` header of a request signed with the merchant key. */
export function authorization(input: {
  mchId: string;
  serialNo: string;
  key: KeyObject;
  method: string;
  pathAndQuery: string;
  body: string;
  timestamp?: string;
  nonce?: string;
}): string {
  const timestamp = input.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = input.nonce ?? randomBytes(16).toString('hex');
  const signature = rsaSign(input.key, requestMessage(input.method, input.pathAndQuery, timestamp, nonce, input.body));
  return `WECHATPAY2-SHA256-RSA2048 mchid="${input.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${input.serialNo}"`;
}

/** The fields of an `Authorization` header (the fake checks requests with it); undefined when malformed. */
export function parseAuthorization(header: string | undefined): Record<string, string> | undefined {
  const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const fields: Record<string, string> = {};
  for (const part of match[1].matchAll(/(\w+)="([^"]*)"/g)) fields[part[1] as string] = part[2] as string;
  return fields;
}

export interface EncryptedResource {
  algorithm: 'AEAD_AES_256_GCM';
  ciphertext: string;
  nonce: string;
  associated_data: string;
  original_type?: string;
}

const TAG_BYTES = 16;

/** Decrypts a callback resource with the 32-byte APIv3 key; throws when the tag does not authenticate. */
export function decryptResource(apiV3Key: string, resource: Omit<EncryptedResource, 'algorithm'>): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < TAG_BYTES) throw new Error('ciphertext shorter than its tag');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** The inverse of decryptResource, as WeChat encrypts (used by the fake and the round-trip test). */
export function encryptResource(apiV3Key: string, plaintext: string, associatedData: string): EncryptedResource {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: body.toString('base64'), nonce, associated_data: associatedData };
}

/** The JSAPI `paySign`: SHA256withRSA over `appId\ntimeStamp\nnonceStr\npackage\n` with the merchant key. */
export function jsapiPaySign(key: KeyObject, appId: string, timeStamp: string, nonceStr: string, pkg: string) {
  return rsaSign(key, `${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`);
}
