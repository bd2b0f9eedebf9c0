import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next from '../i18n/translator';
import { COMPLETE_DELAY_MS, HEAD_HEIGHT, PullRefresh, pulledHeight, REFRESH_THRESHOLD } from './pull-refresh';

afterEach(async () => {
  vi.useRealTimers();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  await i18next.changeLanguage('zh-Hans');
});

function setup(onRefresh: () => Promise<unknown> = async () => undefined) {
  render(
    <PullRefresh onRefresh={onRefresh}>
      <div data-testid="content">rows</div>
    </PullRefresh>,
  );
  const content = screen.getByTestId('content');
  const root = content.closest('.hk-pull') as HTMLElement;
  const head = root.querySelector('.hk-pull__head') as HTMLElement;
  const pull = (from: number, to: number) => {
    fireEvent.touchStart(content, { touches: [{ clientY: from }] });
    fireEvent.touchMove(content, { touches: [{ clientY: (from + to) / 2 }] });
    fireEvent.touchMove(content, { touches: [{ clientY: to }] });
  };
  const release = () => fireEvent.touchEnd(content, { touches: [] });
  return { root, head, pull, release, content };
}

describe('PullRefresh (SPEC §9: threshold 45)', () => {
  it('opens with the pull, rubber-banded, and says when a release will refresh', () => {
    expect(REFRESH_THRESHOLD).toBe(45);
    const { head, pull } = setup();
    pull(100, 130);
    expect(Number.parseFloat(head.style.height)).toBeCloseTo(pulledHeight(30));
    expect(pulledHeight(30)).toBeLessThan(30);
    expect(head.textContent).toBe('下拉刷新');
    pull(100, 300);
    expect(pulledHeight(200)).toBeGreaterThan(REFRESH_THRESHOLD);
    expect(head.textContent).toBe('释放立即刷新');
  });

  it('a release past the threshold refreshes: the head stays open until the refresh settles, says done, then closes', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => undefined;
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { head, pull, release } = setup(onRefresh);
    pull(100, 300);
    await act(async () => {
      release();
    });
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(head.textContent).toBe('加载中…');
    expect(head.style.height).toBe(`${HEAD_HEIGHT}px`);
    // Another pull while refreshing starts nothing.
    pull(100, 300);
    release();
    expect(onRefresh).toHaveBeenCalledTimes(1);
    await act(async () => {
      finish();
    });
    expect(head.textContent).toBe('刷新成功');
    await act(async () => {
      vi.advanceTimersByTime(COMPLETE_DELAY_MS);
    });
    expect(head.style.height).toBe('0px');
  });

  it('a release short of the threshold, an upward move or a scrolled page refreshes nothing', async () => {
    const onRefresh = vi.fn(async () => undefined);
    const { head, pull, release } = setup(onRefresh);
    pull(100, 140);
    release();
    expect(head.style.height).toBe('0px');
    pull(300, 100);
    release();
    Object.defineProperty(window, 'scrollY', { value: 120, configurable: true });
    pull(100, 300);
    expect(head.style.height).toBe('0px');
    release();
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('speaks the reader’s language', async () => {
    await i18next.changeLanguage('en');
    const { head, pull } = setup();
    pull(100, 120);
    expect(head.textContent).toBe('Pull to refresh');
    pull(100, 300);
    expect(head.textContent).toBe('Release to refresh');
  });
});
