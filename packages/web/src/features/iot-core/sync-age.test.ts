import { describe, expect, it } from 'vitest';
import { syncAgeText } from './sync-age';

const AT = '2026-11-26 17:00:00';
const atMs = Date.UTC(2026, 10, 26, 9, 0, 0); // 17:00 in Asia/Shanghai

describe('syncAgeText', () => {
  it('says the age of the last sync in the UI locale', () => {
    expect(syncAgeText(AT, atMs + 5 * 60_000, 'en')).toBe('5 minutes ago');
    expect(syncAgeText(AT, atMs + 3 * 3600_000, 'zh-Hans')).toBe('3小时前');
    expect(syncAgeText(AT, atMs + 3 * 3600_000, 'zh-Hant')).toBe('3 小時前');
    expect(syncAgeText(AT, atMs + 3 * 86_400_000, 'fr')).toBe('il y a 3 jours');
    expect(syncAgeText(AT, atMs + 60_000, 'es')).toBe('hace 1 minuto');
  });

  it('says "now" for a fresh sync and nothing for an unreadable time', () => {
    expect(syncAgeText(AT, atMs + 2_000, 'en')).toBe('2 seconds ago');
    expect(syncAgeText(AT, atMs, 'en')).toBe('now');
    expect(syncAgeText(AT, atMs - 5_000, 'en')).toBe('now');
    expect(syncAgeText(null, atMs, 'en')).toBe('');
    expect(syncAgeText('yesterday', atMs, 'en')).toBe('');
  });
});
