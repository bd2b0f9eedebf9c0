import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LOCALES, setLocale } from '../i18n';
import { newVersion } from '../i18n/sections/new-version';
import { showUpdatePrompt, startServiceWorker } from './service-worker';

/** Every leaf of a catalogue section as [dotted key, text]. */
function leaves(node: unknown, prefix = ''): [string, unknown][] {
  if (typeof node !== 'object' || node === null) return [[prefix, node]];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

async function prompt(apply = vi.fn()) {
  await act(async () => showUpdatePrompt(apply));
  return { apply, bar: await screen.findByTestId('update-bar') };
}

describe('the new-version prompt', () => {
  it('is a polite status bar, not a dialog, saying a new version is there with a Reload button', async () => {
    const { bar } = await prompt();
    expect(bar.getAttribute('role')).toBe('status');
    expect(document.querySelector('[aria-modal="true"], [role="dialog"]')).toBeNull();
    expect(bar.textContent).toContain('新版本已就绪');
    expect(within(bar).getByRole('button', { name: '刷新' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: '关闭' })).toBeTruthy();
  });

  it('speaks the shopper’s language', async () => {
    const { bar } = await prompt();
    await act(async () => setLocale('en'));
    expect(bar.textContent).toContain('A new version is available');
    expect(within(bar).getByRole('button', { name: 'Reload' })).toBeTruthy();
    await act(async () => setLocale('fr'));
    expect(within(bar).getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });

  it('Reload takes the new version, once', async () => {
    const { apply, bar } = await prompt();
    const reload = within(bar).getByTestId('update-bar-reload');
    fireEvent.click(reload);
    fireEvent.click(reload);
    expect(apply).toHaveBeenCalledTimes(1);
    expect((reload as HTMLButtonElement).disabled).toBe(true);
  });

  it('closing it leaves the page as it was (the next visit opens the new version)', async () => {
    const { apply, bar } = await prompt();
    fireEvent.click(within(bar).getByRole('button', { name: '关闭' }));
    expect(screen.queryByTestId('update-bar')).toBeNull();
    expect(apply).not.toHaveBeenCalled();
  });

  it('has every text in the five locales, and no Chinese in English, French or Spanish', () => {
    const keys = leaves(newVersion['zh-Hans']).map(([key]) => key);
    for (const locale of LOCALES) {
      const entries = leaves(newVersion[locale]);
      expect(
        entries.map(([key]) => key),
        locale,
      ).toEqual(keys);
      for (const [key, text] of entries) {
        expect(String(text).trim(), `${locale} ${key}`).not.toBe('');
        if (locale === 'en' || locale === 'fr' || locale === 'es') {
          expect(text, `${locale} ${key}`).not.toMatch(/\p{Script=Han}/u);
        }
      }
    }
  });
});

describe('starting the service worker', () => {
  it("registers it from the shop's page", async () => {
    const register = vi.fn(async () => new EventTarget());
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: { register } }));
    startServiceWorker();
    const base = import.meta.env.BASE_URL;
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith(`${base}sw.js`, { scope: base }));
  });

  it("not in a frame (the staff console's preview)", async () => {
    const register = vi.fn(async () => new EventTarget());
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: { register } }));
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    startServiceWorker();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(register).not.toHaveBeenCalled();
  });
});
