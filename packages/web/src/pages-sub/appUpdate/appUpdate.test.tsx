import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GENERIC_CONFIG, mockApi, renderRoute } from '../../test/render-route';

const UPDATE = {
  versionCode: 122,
  versionName: '1.2.2',
  notes: '修复已知问题',
  url: '/files/haoka-1.2.2.apk',
  force: 0 as const,
};

function withUpdate(appUpdate: typeof GENERIC_CONFIG.appUpdate) {
  return { '/api/hk/genericConfig': () => ({ ...GENERIC_CONFIG, appUpdate }) };
}

let run = 0;
beforeEach(() => {
  // genericConfig fetches are throttled to one per second (SPEC §9): each test starts in its own second.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.UTC(2030, 0, 1) + ++run * 10_000);
});

describe('版本更新', () => {
  it('shows the update card over the page when the configured versionCode is above 121', async () => {
    mockApi(withUpdate(UPDATE));
    renderRoute('/pages-sub/appUpdate/index');
    const card = await screen.findByTestId('app-update-card');
    expect(screen.getByTestId('app-update-title').textContent).toBe('发现新版本 1.2.2');
    expect(card.textContent).toContain('当前版本 1.2.1');
    expect(screen.getByTestId('app-update-notes').textContent).toBe('修复已知问题');
    expect(screen.getByTestId('app-update-now').textContent).toContain('立即更新');
    expect(screen.getByTestId('app-update-later').textContent).toContain('以后再说');
  });

  it('a forced update hides 以后再说', async () => {
    mockApi(withUpdate({ ...UPDATE, force: 1 }));
    renderRoute('/pages-sub/appUpdate/index');
    await screen.findByTestId('app-update-card');
    expect(screen.queryByTestId('app-update-later')).toBeNull();
  });

  it('versionCode 121 (this app) or no update reads 已是最新版本', async () => {
    mockApi(withUpdate({ ...UPDATE, versionCode: 121 }));
    renderRoute('/pages-sub/appUpdate/index');
    expect((await screen.findByTestId('app-update-none')).textContent).toContain('已是最新版本');
    expect(screen.queryByTestId('app-update-card')).toBeNull();
  });

  it('立即更新 downloads with progress up to 100 and hands the file to the browser', async () => {
    mockApi(withUpdate(UPDATE));
    const realFetch = globalThis.fetch;
    const bytes = new Uint8Array(1000);
    const percents: string[] = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      if (!String(url).endsWith('.apk')) return realFetch(url, init);
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(bytes.slice(0, 400));
          controller.enqueue(bytes.slice(400));
          controller.close();
        },
      });
      return Promise.resolve(new Response(stream, { headers: { 'content-length': '1000' } }));
    });
    URL.createObjectURL = vi.fn(() => 'blob:update');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      percents.push(`${this.href}|${this.download}`);
    });
    renderRoute('/pages-sub/appUpdate/index');
    fireEvent.click(await screen.findByTestId('app-update-now'));
    await screen.findByTestId('app-update-done');
    expect(click).toHaveBeenCalled();
    expect(percents).toEqual(['blob:update|haoka-1.2.2.apk']);
  });

  it('a failed download says so and offers the link', async () => {
    mockApi(withUpdate(UPDATE));
    renderRoute('/pages-sub/appUpdate/index');
    fireEvent.click(await screen.findByTestId('app-update-now'));
    await waitFor(() => expect(screen.getByTestId('app-update-failed').textContent).toContain('下载失败，请重试'));
    expect(screen.getByTestId('app-update-link').getAttribute('href')).toBe(UPDATE.url);
  });
});
