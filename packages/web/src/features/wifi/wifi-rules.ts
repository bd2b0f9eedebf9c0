/**
 * The Wi-Fi code form's checks, the same as the server's (contract `wifiCreateInput`), answered as a
 * catalogue key so the message is localised; and the local "my codes" list (last 10, newest first).
 */
import { wifiApi } from '@haoka/contract';

export type WifiForm = { ssid: string; password: string; encrypt: wifiApi.WifiEncrypt };

export type WifiProblem =
  | 'ssidRequired'
  | 'ssidTooLong'
  | 'ssidControl'
  | 'passwordRequired'
  | 'passwordLength'
  | 'passwordAscii';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const CONTROL_RE = /[\u0000-\u001f\u007f]/;
const PRINTABLE_ASCII_RE = /^[\x20-\x7e]*$/;

export function checkWifiForm(form: WifiForm): WifiProblem | null {
  if (form.ssid.trim() === '') return 'ssidRequired';
  if (wifiApi.utf8Length(form.ssid) > wifiApi.SSID_MAX_BYTES) return 'ssidTooLong';
  if (CONTROL_RE.test(form.ssid)) return 'ssidControl';
  if (form.encrypt === 'nopass') return null;
  if (form.password === '') return 'passwordRequired';
  if (form.password.length < wifiApi.PASSWORD_MIN || form.password.length > wifiApi.PASSWORD_MAX) {
    return 'passwordLength';
  }
  if (!PRINTABLE_ASCII_RE.test(form.password)) return 'passwordAscii';
  return null;
}

export const MY_CODES_MAX = 10;

/** `code` first, without repeats, at most 10. */
export function withCode(codes: readonly string[], code: string): string[] {
  return [code, ...codes.filter((c) => c !== code)].slice(0, MY_CODES_MAX);
}

export const WIFI_INDEX_PATH = '/pages-sub/wifi/index';
export const WIFI_SHARE_PATH = '/pages-sub/wifi/share';
export const WIFI_CONNECT_PATH = '/pages-sub/wifi/connect';
