import { describe, expect, it } from 'vitest';
import { checkWifiForm, MY_CODES_MAX, withCode } from './wifi-rules';

describe('my codes', () => {
  it('puts the newest first, without repeats, and keeps the last 10', () => {
    expect(withCode(['b', 'a'], 'a')).toEqual(['a', 'b']);
    const many = Array.from({ length: MY_CODES_MAX }, (_, i) => `c${i}`);
    const next = withCode(many, 'new');
    expect(next).toHaveLength(MY_CODES_MAX);
    expect(next[0]).toBe('new');
    expect(next).not.toContain(`c${MY_CODES_MAX - 1}`);
  });
});

describe('checkWifiForm', () => {
  it('counts the SSID in UTF-8 bytes: 10 Chinese characters and 2 letters fit, 11 Chinese characters do not', () => {
    expect(checkWifiForm({ ssid: '一二三四五六七八九十AB', password: '12345678', encrypt: 'WPA' })).toBeNull();
    expect(checkWifiForm({ ssid: '一二三四五六七八九十一', password: '12345678', encrypt: 'WPA' })).toBe('ssidTooLong');
  });

  it('an open network needs no password; WPA and WEP need 8–63 printable ASCII characters', () => {
    expect(checkWifiForm({ ssid: 'Guest', password: '', encrypt: 'nopass' })).toBeNull();
    expect(checkWifiForm({ ssid: 'Home', password: '', encrypt: 'WEP' })).toBe('passwordRequired');
    expect(checkWifiForm({ ssid: 'Home', password: 'x'.repeat(63), encrypt: 'WPA' })).toBeNull();
    expect(checkWifiForm({ ssid: 'Home', password: 'x'.repeat(64), encrypt: 'WPA' })).toBe('passwordLength');
    expect(checkWifiForm({ ssid: 'Home', password: 'pässwörd', encrypt: 'WPA' })).toBe('passwordAscii');
    expect(checkWifiForm({ ssid: 'a\tb', password: '12345678', encrypt: 'WPA' })).toBe('ssidControl');
    expect(checkWifiForm({ ssid: '  ', password: '12345678', encrypt: 'WPA' })).toBe('ssidRequired');
  });
});
