import { GENERIC_TIMEOUT_MS } from '@haoka/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, saveFile } from './download';
import { RuntimeFailure } from './runtime-errors';

let created: Blob[] = [];
let revoked: string[] = [];
const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

beforeEach(() => {
  created = [];
  revoked = [];
  URL.createObjectURL = (blob: Blob) => {
    created.push(blob);
    return `blob:test/${created.length}`;
  };
  URL.revokeObjectURL = (url: string) => {
    revoked.push(url);
  };
});

afterEach(() => {
  URL.createObjectURL = original.create;
  URL.revokeObjectURL = original.revoke;
});

/** A fetch that never answers; it rejects like the real one when its signal aborts. */
function hangingFetch() {
  const fetchMock = vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('downloadFile', () => {
  it('GETs the URL with the headers and resolves with a temporary object URL of the body', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response('PNGDATA', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const result = await downloadFile({ url: '/files/poster.png', headers: { 'sim-no': '8986' } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/files/poster.png');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', headers: { 'sim-no': '8986' } });
    expect(result.statusCode).toBe(200);
    expect(result.tempFilePath).toBe('blob:test/1');
    expect(await created[0]?.text()).toBe('PNGDATA');
    result.revoke();
    expect(revoked).toEqual(['blob:test/1']);
  });

  it('a network error rejects with errCode 602001', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await downloadFile({ url: '/f' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuntimeFailure);
    expect(error).toMatchObject({ errMsg: 'downloadFile:fail', errCode: 602001 });
    expect(created).toHaveLength(0);
  });

  it(`times out after ${GENERIC_TIMEOUT_MS} ms by default with timeout, errCode 5`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetchMock = hangingFetch();
    let settled: unknown = 'pending';
    void downloadFile({ url: '/f' }).catch((e: unknown) => {
      settled = e;
    });
    await vi.advanceTimersByTimeAsync(GENERIC_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toMatchObject({ errMsg: 'timeout', errCode: 5 });
    expect(fetchMock.mock.calls[0]?.[1].signal?.aborted).toBe(true);
  });

  it('an abort rejects with abort, errCode 600003; an already aborted signal fetches nothing', async () => {
    const fetchMock = hangingFetch();
    const controller = new AbortController();
    const pending = downloadFile({ url: '/f', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ errMsg: 'abort', errCode: 600003 });
    await expect(downloadFile({ url: '/f', signal: controller.signal })).rejects.toMatchObject({ errCode: 600003 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('saveFile', () => {
  it('clicks a download link for the URL under the file name, then removes it', () => {
    const clicked: Array<{ href: string; download: string }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    saveFile('blob:test/1', 'wifi.png');
    saveFile('/img/qr/code.png');
    expect(clicked).toEqual([
      { href: 'blob:test/1', download: 'wifi.png' },
      { href: '/img/qr/code.png', download: 'code.png' },
    ]);
    expect(document.querySelector('a')).toBeNull();
  });
});
