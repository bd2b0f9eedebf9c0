import { GENERIC_TIMEOUT_MS } from '@haoka/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RuntimeFailure } from './runtime-errors';
import { uploadFile } from './upload';

/** A stand-in XMLHttpRequest the test drives: progress, answer, network error, timeout. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  timeout = 0;
  status = 0;
  responseText = '';
  upload = { onprogress: null as ((event: Partial<ProgressEvent>) => void) | null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

const xhr = (): FakeXhr => {
  if (!FakeXhr.last) throw new Error('no upload was sent');
  return FakeXhr.last;
};
const photo = () => new File([new Uint8Array(4)], 'a.jpg', { type: 'image/jpeg' });

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

describe('uploadFile', () => {
  it('sends one multipart POST (fields first, then the file) with the headers, and reports progress', async () => {
    const progress: number[] = [];
    const pending = uploadFile({
      url: '/api/upload',
      file: photo(),
      name: 'image',
      formData: { scene: 'avatar' },
      headers: { 'sim-no': '8986' },
      onProgress: (p) => progress.push(p),
    });
    const sent = xhr();
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/api/upload');
    expect(sent.headers).toEqual({ 'sim-no': '8986' });
    expect(sent.timeout).toBe(GENERIC_TIMEOUT_MS);
    expect([...(sent.body?.keys() ?? [])]).toEqual(['scene', 'image']);
    expect(sent.body?.get('scene')).toBe('avatar');
    expect((sent.body?.get('image') as File | undefined)?.name).toBe('a.jpg');
    sent.progress(25, 100);
    sent.progress(2, 3);
    sent.upload.onprogress?.({ lengthComputable: false, loaded: 5, total: 0 });
    sent.progress(100, 100);
    sent.respond(200, '{"code":0}');
    await expect(pending).resolves.toEqual({ statusCode: 200, data: '{"code":0}' });
    expect(progress).toEqual([25, 67, 100]);
  });

  it('resolves with a non-2xx answer too: reading it is the caller’s business', async () => {
    const pending = uploadFile({ url: '/u', file: photo() });
    xhr().respond(500, 'oops');
    await expect(pending).resolves.toEqual({ statusCode: 500, data: 'oops' });
  });

  it('a network error rejects with errCode 602001', async () => {
    const pending = uploadFile({ url: '/u', file: photo() });
    xhr().onerror?.();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuntimeFailure);
    expect(error).toMatchObject({ errMsg: 'uploadFile:fail', errCode: 602001 });
  });

  it('the timeout (set on the request) rejects with timeout, errCode 5', async () => {
    const pending = uploadFile({ url: '/u', file: photo(), timeoutMs: 1234 });
    expect(xhr().timeout).toBe(1234);
    xhr().ontimeout?.();
    await expect(pending).rejects.toMatchObject({ errMsg: 'timeout', errCode: 5 });
  });

  it('an abort rejects with abort, errCode 600003; an already aborted signal sends nothing', async () => {
    const controller = new AbortController();
    const pending = uploadFile({ url: '/u', file: photo(), signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ errMsg: 'abort', errCode: 600003 });

    FakeXhr.last = null;
    await expect(uploadFile({ url: '/u', file: photo(), signal: controller.signal })).rejects.toMatchObject({
      errMsg: 'abort',
      errCode: 600003,
    });
    expect(FakeXhr.last).toBeNull();
  });
});
