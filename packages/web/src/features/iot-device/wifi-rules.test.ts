import type { DeviceInfo } from '@haoka/contract';
import { describe, expect, it } from 'vitest';
import { checkWifiForm, maskPassword, wifiEntries } from './wifi-rules';

const device = (patch: Partial<DeviceInfo> = {}): DeviceInfo => ({
  deviceNo: 'DEV1',
  model: 'M5 5G',
  wifiEncrypt: 1,
  connCount: 2,
  maxConnCount: 10,
  battery: 50,
  signal: 4,
  showWifi: 1,
  switchWifi: 1,
  wifiName: 'home',
  wifiPass: 'password1',
  showWifi5G: 0,
  switchWifi5G: 1,
  wifiName5G: 'home_5G',
  wifiPass5G: 'password5',
  ...patch,
});

describe('wifiEntries (SPEC §3 Wi-Fi entry)', () => {
  it('has the 2.4G entry and the 5G one when its name and password are both set', () => {
    expect(wifiEntries(device())).toEqual([
      {
        wifiType: 1,
        wifiName: 'home',
        wifiPass: 'password1',
        wifiEncrypt: 1,
        showWifi: 1,
        switchWifi: 1,
        connCount: 2,
        maxConnCount: 10,
      },
      {
        wifiType: 2,
        wifiName: 'home_5G',
        wifiPass: 'password5',
        wifiEncrypt: 1,
        showWifi: 0,
        switchWifi: 1,
        connCount: 2,
        maxConnCount: 10,
      },
    ]);
  });

  it.each([
    ['no 5G name', { wifiName5G: '' }],
    ['no 5G password', { wifiPass5G: '' }],
    ['neither', { wifiName5G: '', wifiPass5G: '' }],
  ])('has no 5G entry with %s, but always the 2.4G one', (_what, patch) => {
    expect(wifiEntries(device({ ...patch, wifiName: '', wifiPass: '' })).map((e) => e.wifiType)).toEqual([1]);
  });
});

describe('checkWifiForm (SCREENS §4 setSsidPwd)', () => {
  const ok = { ssid: 'home', password: 'password1', confirm: 'password1' };
  it('takes a valid form, including 32 bytes of name and 8 / 63 characters of password', () => {
    expect(checkWifiForm(ok, 1)).toEqual({});
    expect(checkWifiForm({ ssid: `${'网'.repeat(10)}ab`, password: 'p'.repeat(8), confirm: 'p'.repeat(8) }, 1)).toEqual(
      {},
    );
    expect(checkWifiForm({ ssid: 'a'.repeat(32), password: 'p'.repeat(63), confirm: 'p'.repeat(63) }, 2)).toEqual({});
  });

  it.each([
    [{ ssid: '' }, { ssid: 'nameRequired' }],
    [{ ssid: ' home' }, { ssid: 'nameSpaces' }],
    [{ ssid: 'home ' }, { ssid: 'nameSpaces' }],
    [{ ssid: 'a'.repeat(33) }, { ssid: 'nameTooLong' }],
    [{ ssid: '网'.repeat(11) }, { ssid: 'nameTooLong' }],
    [{ password: '', confirm: '' }, { password: 'passwordRequired' }],
    [{ password: 'short77', confirm: 'short77' }, { password: 'passwordInvalid' }],
    [{ password: 'p'.repeat(64), confirm: 'p'.repeat(64) }, { password: 'passwordInvalid' }],
    [{ password: '密码密码密码密码', confirm: '密码密码密码密码' }, { password: 'passwordInvalid' }],
    [{ confirm: 'password2' }, { confirm: 'mismatch' }],
  ])('refuses %o on an encrypted network', (patch, errors) => {
    expect(checkWifiForm({ ...ok, ...patch }, 1)).toEqual(errors);
  });

  it('an open network takes no password', () => {
    expect(checkWifiForm({ ssid: 'cafe', password: '', confirm: '' }, 0)).toEqual({});
    expect(checkWifiForm(ok, 0)).toEqual({ password: 'passwordOpen' });
  });

  it('masks a password with at least 8 dots', () => {
    expect(maskPassword('password1')).toBe('•••••••••');
    expect(maskPassword('')).toBe('••••••••');
  });
});
