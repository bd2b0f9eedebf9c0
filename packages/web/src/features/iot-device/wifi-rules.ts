/**
 * Wi-Fi entries of a device (SPEC §3, API.md §1 WifiEntry) and the rules of the Wi-Fi form (SCREENS §4
 * setSsidPwd). The 2.4G entry always exists; the 5G one only when its name and password are both set.
 */
import { type DeviceInfo, iotDeviceApi } from '@haoka/contract';

export interface WifiEntry {
  wifiType: 1 | 2;
  wifiName: string;
  wifiPass: string;
  wifiEncrypt: number;
  showWifi: 0 | 1;
  switchWifi: 0 | 1;
  connCount: number;
  maxConnCount: number;
}

export function wifiEntries(device: DeviceInfo): WifiEntry[] {
  const shared = { wifiEncrypt: device.wifiEncrypt, connCount: device.connCount, maxConnCount: device.maxConnCount };
  const entries: WifiEntry[] = [
    {
      wifiType: 1,
      wifiName: device.wifiName,
      wifiPass: device.wifiPass,
      showWifi: device.showWifi,
      switchWifi: device.switchWifi,
      ...shared,
    },
  ];
  if (device.wifiName5G !== '' && device.wifiPass5G !== '') {
    entries.push({
      wifiType: 2,
      wifiName: device.wifiName5G,
      wifiPass: device.wifiPass5G,
      showWifi: device.showWifi5G,
      switchWifi: device.switchWifi5G,
      ...shared,
    });
  }
  return entries;
}

/** A password shown masked: one dot per character, at least 8. */
export const maskPassword = (pass: string) => '•'.repeat(Math.max(8, pass.length));

export interface WifiForm {
  ssid: string;
  password: string;
  confirm: string;
}

export type WifiFormProblem =
  | 'nameRequired'
  | 'nameSpaces'
  | 'nameTooLong'
  | 'passwordRequired'
  | 'passwordInvalid'
  | 'passwordOpen'
  | 'mismatch';

/** The form's first problem per field, as catalogue keys under `iotDevice.form`. */
export type WifiFormErrors = Partial<Record<keyof WifiForm, WifiFormProblem>>;

export function checkWifiForm(form: WifiForm, wifiEncrypt: number): WifiFormErrors {
  const errors: WifiFormErrors = {};
  if (form.ssid === '') errors.ssid = 'nameRequired';
  else if (form.ssid.trim() !== form.ssid) errors.ssid = 'nameSpaces';
  else if (iotDeviceApi.utf8Bytes(form.ssid) > iotDeviceApi.WIFI_SSID_MAX_BYTES) errors.ssid = 'nameTooLong';
  if (wifiEncrypt === 0) {
    if (form.password !== '') errors.password = 'passwordOpen';
  } else if (form.password === '') errors.password = 'passwordRequired';
  else if (!iotDeviceApi.WIFI_PASSWORD_RE.test(form.password)) errors.password = 'passwordInvalid';
  if (!errors.password && form.confirm !== form.password) errors.confirm = 'mismatch';
  return errors;
}
