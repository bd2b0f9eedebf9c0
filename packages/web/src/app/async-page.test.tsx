import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next from '../i18n/translator';
import { AsyncPage, lazyPage, preloadPage } from './async-page';

const never = () => new Promise<{ default: ComponentType }>(() => undefined);
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

afterEach(async () => {
  await i18next.changeLanguage('zh-Hans');
});

describe('AsyncPage (SPEC §8–9: delay 200 ms, timeout 60000 ms)', () => {
  it('shows nothing for 200 ms, then the loading placeholder, then the page', async () => {
    vi.useFakeTimers();
    let arrive: (page: { default: ComponentType }) => void = () => undefined;
    const page = lazyPage(() => new Promise((resolve) => (arrive = resolve)));
    render(<AsyncPage page={page} />);
    await advance(199);
    expect(screen.queryByTestId('page-loading')).toBeNull();
    await advance(1);
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    await act(async () => arrive({ default: () => <p data-testid="the-page">ok</p> }));
    await advance(0);
    expect(screen.getByTestId('the-page')).toBeTruthy();
    expect(screen.queryByTestId('page-loading')).toBeNull();
  });

  it("a page whose code was loaded ahead renders in the first commit, without its placeholder's boundary", async () => {
    const importer = async () => ({ default: () => <p data-testid="the-page">ok</p> });
    await preloadPage(importer);
    // Synchronous: a lazy component would suspend here, and React reveals a boundary's content no
    // sooner than 300 ms after its placeholder.
    render(<AsyncPage page={lazyPage(importer)} />);
    expect(screen.getByTestId('the-page')).toBeTruthy();
  });

  it('a page loaded ahead that did not arrive within the timeout shows the timeout placeholder at once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.useFakeTimers();
    const importer = () => new Promise<{ default: ComponentType }>(() => undefined);
    const ahead = preloadPage(importer);
    await act(async () => void (await vi.advanceTimersByTimeAsync(60_000)));
    await ahead;
    render(<AsyncPage page={lazyPage(importer)} />);
    await advance(0);
    expect(screen.getByTestId('page-load-error').textContent).toContain(i18next.t('errors.connectionTimeout'));
  });

  it('a failed load shows the error placeholder; a tap reloads', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const page = lazyPage(() => Promise.reject(new Error('chunk 404')));
    render(<AsyncPage page={page} />);
    const placeholder = await screen.findByTestId('page-load-error');
    expect(placeholder.textContent).toContain('页面加载失败，点击重试');
    fireEvent.click(placeholder);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a page not there after 60000 ms shows the connection-timeout message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await i18next.changeLanguage('en');
    vi.useFakeTimers();
    render(<AsyncPage page={lazyPage(never)} />);
    await advance(59_999);
    expect(screen.queryByTestId('page-load-error')).toBeNull();
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    await advance(1);
    expect(screen.getByTestId('page-load-error').textContent).toContain(
      'The connection timed out, click the screen to try again.',
    );
  });
});
