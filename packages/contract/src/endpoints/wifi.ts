/**
 * Endpoints of Wi-Fi codes (API.md §3 wifiCreate, getWifiCode) and the standard `WIFI:` payload their
 * QR codes carry, so a phone camera joins the network straight from the poster.
 */
import { z } from 'zod';
import { reasonIssue } from '../reason-issue.js';
import { dateTime } from '../schemas/common.js';
import { defineEndpoint } from './define.js';

export const WIFI_ENCRYPTS = ['WPA', 'WEP', 'nopass'] as const;
export const wifiEncrypt = z.enum(WIFI_ENCRYPTS, { error: reasonIssue('wifiEncryptRequired') });
export type WifiEncrypt = z.infer<typeof wifiEncrypt>;

/** An SSID is at most 32 bytes on air; the form counts UTF-8 bytes, not characters. */
export const SSID_MAX_BYTES = 32;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 63;
/** 8 base62 characters. */
export const WIFI_CODE_RE = /^[0-9A-Za-z]{8}$/;

/** UTF-8 bytes of a string (the contract has no TextEncoder in its type libs). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0;
    bytes += point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
  }
  return bytes;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const CONTROL_RE = /[\u0000-\u001f\u007f]/;
const PRINTABLE_ASCII_RE = /^[\x20-\x7e]*$/;

export const wifiSsid = z
  .string({ error: reasonIssue('ssidRequired') })
  .min(1, { error: reasonIssue('ssidRequired') })
  .refine((s) => s.trim() !== '', { error: reasonIssue('ssidRequired') })
  .refine((s) => utf8Length(s) <= SSID_MAX_BYTES, { error: reasonIssue('ssidTooLong') })
  .refine((s) => !CONTROL_RE.test(s), { error: reasonIssue('ssidControl') });

/** A WPA passphrase: 8–63 printable ASCII characters (IEEE 802.11i). */
export const wifiPassword = z
  .string()
  .min(PASSWORD_MIN, { error: reasonIssue('wifiPasswordLength') })
  .max(PASSWORD_MAX, { error: reasonIssue('wifiPasswordLength') })
  .regex(PRINTABLE_ASCII_RE, { error: reasonIssue('wifiPasswordAscii') });

export const wifiCreateInput = z
  .object({
    ssid: wifiSsid,
    password: wifiPassword.optional(),
    encrypt: wifiEncrypt,
  })
  .superRefine((value, ctx) => {
    if (value.encrypt !== 'nopass' && value.password === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: reasonIssue('wifiPasswordRequired') });
    }
  })
  // An open network has no password, whatever was sent.
  .transform((value) => ({
    ssid: value.ssid,
    password: value.encrypt === 'nopass' ? '' : (value.password ?? ''),
    encrypt: value.encrypt,
  }));

export const wifiCodeLinks = z.object({
  code: z.string().regex(WIFI_CODE_RE),
  /** What the poster's QR holds: the standard `WIFI:` payload (see `wifiPayload`). */
  qrUrl: z.string(),
  /** The shop's connect page for this code (shared as a link). */
  connectUrl: z.string(),
});

export const wifiCode = wifiCodeLinks.extend({
  ssid: z.string(),
  /** '' for an open network. */
  password: z.string(),
  encrypt: wifiEncrypt,
  createdAt: dateTime,
});
export type WifiCode = z.infer<typeof wifiCode>;

export const wifiCreate = defineEndpoint({
  method: 'POST',
  path: '/api/site/wifiCreate',
  input: wifiCreateInput,
  data: wifiCodeLinks,
  auth: 'none',
});

export const getWifiCode = defineEndpoint({
  method: 'GET',
  path: '/api/site/getWifiCode',
  input: z.object({
    code: z
      .string({ error: reasonIssue('wifiCodeGone') })
      .trim()
      .max(16, { error: reasonIssue('wifiCodeGone') }),
  }),
  data: wifiCode,
  auth: 'none',
});

/** Backslash before the characters the `WIFI:` syntax reserves: \ ; , : " */
export function escapeWifiField(text: string): string {
  return text.replace(/[\\;,:"]/g, (c) => `\\${c}`);
}

/**
 * The de-facto standard join payload (ZXing's "WIFI:" format, read by iOS and Android cameras):
 * `WIFI:T:WPA;S:<ssid>;P:<password>;;`, with an open network as `T:nopass` and no `P:`.
 */
export function wifiPayload(input: { ssid: string; password: string; encrypt: WifiEncrypt }): string {
  const password = input.encrypt === 'nopass' ? '' : `P:${escapeWifiField(input.password)};`;
  return `WIFI:T:${input.encrypt};S:${escapeWifiField(input.ssid)};${password};`;
}

/** The route of the connect page, under the shop's base path and hash router. */
export function wifiConnectPath(code: string): string {
  return `/shop/#/pages-sub/wifi/connect?code=${encodeURIComponent(code)}`;
}
