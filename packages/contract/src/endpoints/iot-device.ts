/**
 * Endpoints of device management (API.md §4 iotDevice/*): Wi-Fi name and password, Wi-Fi visibility,
 * restart, power-off and factory reset of a device card. Each answers the task the device platform took;
 * `queued` when the device is offline (it runs when the device reconnects, within 24 h).
 */
import { z } from 'zod';
import { reasonIssue } from '../reason-issue.js';
import { flag } from '../schemas/common.js';
import { defineEndpoint } from './define.js';

/** A Wi-Fi network name: 1–32 characters, at most 32 bytes in UTF-8 (the 802.11 limit), no outer spaces. */
export const WIFI_SSID_MAX_BYTES = 32;
/** A WPA passphrase: 8–63 printable ASCII characters. */
export const WIFI_PASSWORD_RE = /^[\x20-\x7e]{8,63}$/;

/** Length of a string in UTF-8 (the contract runs where TextEncoder may not be typed). */
export function utf8Bytes(s: string): number {
  let n = 0;
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return n;
}

export const wifiSsid = z
  .string({ error: reasonIssue('ssidRequired') })
  .min(1, { error: reasonIssue('ssidRequired') })
  .refine((s) => s.trim() === s, { error: reasonIssue('ssidEdgeSpaces') })
  .refine((s) => utf8Bytes(s) <= WIFI_SSID_MAX_BYTES, { error: reasonIssue('ssidTooLongDevice') });

/** '' (dropped by the client as an empty value) means an open network; the server checks that it is one. */
export const wifiPassword = z
  .string()
  .refine((s) => s === '' || WIFI_PASSWORD_RE.test(s), { error: reasonIssue('wifiPasswordFormat') });

/** 1 = 2.4G, 2 = 5G. */
export const wifiType = z.union([z.literal(1), z.literal(2)], { error: reasonIssue('wifiBandRequired') });

export const deviceTask = z.object({ taskId: z.string(), queued: z.boolean() });
export type DeviceTaskData = z.infer<typeof deviceTask>;

export const setWiFiSsidPwd = defineEndpoint({
  method: 'POST',
  path: '/api/iot/iotDevice/setWiFiSsidPwd',
  input: z.object({ wifiType, ssid: wifiSsid, password: wifiPassword.optional().default('') }),
  data: deviceTask,
  auth: 'card',
});

export const setWiFiDisplay = defineEndpoint({
  method: 'POST',
  path: '/api/iot/iotDevice/setWiFiDisplay',
  input: z.object({ wifiType, show: flag }),
  data: deviceTask,
  auth: 'card',
});

export const restartDevice = defineEndpoint({
  method: 'POST',
  path: '/api/iot/iotDevice/restart',
  input: z.object({}),
  data: deviceTask,
  auth: 'card',
});

export const closeDevice = defineEndpoint({
  method: 'POST',
  path: '/api/iot/iotDevice/close',
  input: z.object({}),
  data: deviceTask,
  auth: 'card',
});

export const resetDevice = defineEndpoint({
  method: 'POST',
  path: '/api/iot/iotDevice/reset',
  input: z.object({ confirm: z.literal('RESET', { error: reasonIssue('resetConfirmRequired') }) }),
  data: deviceTask,
  auth: 'card',
});
