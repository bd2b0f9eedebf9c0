import { defineEndpoint, REQUEST_TIMEOUT_MS } from '@haoka/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import i18next from '../i18n/translator';
import { useIotStore } from '../stores/iot';
import { useLayoutStore } from '../stores/layout';
import { bodyText, expectNoOverlay, expectToast, settle } from '../test/dom';
import { type FakeRouter, fakeRouter } from '../test/router';
import { ApiError, request } from './request';
import { RuntimeFailure } from './runtime-errors';

const anyInput = z.record(z.string(), z.unknown());
const getThing = defineEndpoint({
  method: 'GET',
  path: '/api/test/thing',
  input: anyInput,
  data: z.unknown(),
  auth: 'none',
});
const postThing = defineEndpoint({
  method: 'POST',
  path: '/api/test/thing',
  input: anyInput,
  data: z.unknown(),
  auth: 'none',
});
const postAsIs = defineEndpoint({
  method: 'POST',
  path: '/api/test/pricing',
  input: anyInput,
  data: z.unknown(),
  auth: 'none',
  sendAsIs: true,
});

type FetchArgs = [url: string, init: RequestInit];

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Stubs fetch with a fixed answer and returns the mock to inspect its calls. */
function answer(make: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (..._args: FetchArgs) => make());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A fetch that never answers; it rejects like the real one when its signal aborts. */
function hangingFetch() {
  const fetchMock = vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = init.signal;
        if (signal?.aborted) reject(new DOMException('The operation was aborted.', 'AbortError'));
        signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentUrl(fetchMock: ReturnType<typeof answer>): URL {
  const call = fetchMock.mock.calls[0];
  if (!call) throw new Error('fetch was not called');
  return new URL(call[0], 'http://localhost');
}

function sentInit(fetchMock: ReturnType<typeof answer>): RequestInit {
  const call = fetchMock.mock.calls[0];
  if (!call) throw new Error('fetch was not called');
  return call[1];
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to reject');
}

let router: FakeRouter;

beforeEach(() => {
  router = fakeRouter('/pages/order/index', '?tab=2');
});

describe('request: parameters', () => {
  it('GET sends the query with empty values dropped, 0 and false kept', async () => {
    const fetchMock = answer(() => json({ code: 0, message: 'ok', data: null }));
    await request(getThing, {
      a: null,
      b: undefined,
      c: '',
      d: [],
      e: {},
      zero: 0,
      no: false,
      name: 'x',
      list: [1, 2],
    });
    const url = sentUrl(fetchMock);
    expect(url.pathname).toBe('/api/test/thing');
    expect(Object.fromEntries(url.searchParams)).toEqual({ zero: '0', no: 'false', name: 'x', list: '1,2' });
    expect(sentInit(fetchMock).method).toBe('GET');
    expect(sentInit(fetchMock).body).toBeUndefined();
  });

  it('GET without any non-empty parameter sends no query string', async () => {
    const fetchMock = answer(() => json({ code: 0, message: 'ok', data: null }));
    await request(getThing, { a: '', b: null });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/test/thing');
  });

  it('POST sends a JSON body with empty values dropped', async () => {
    const fetchMock = answer(() => json({ code: 0, message: 'ok', data: null }));
    await request(postThing, { a: null, c: '', d: [], e: {}, zero: 0, no: false, types: ['sim_status'] });
    const init = sentInit(fetchMock);
    expect(init.method).toBe('POST');
    expect(sentUrl(fetchMock).search).toBe('');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ zero: 0, no: false, types: ['sim_status'] });
  });

  it('an endpoint declared sendAsIs sends empty values too', async () => {
    const fetchMock = answer(() => json({ code: 0, message: 'ok', data: null }));
    await request(postAsIs, { a: null, c: '', d: [], e: {}, price: '9.90' });
    expect(JSON.parse(String(sentInit(fetchMock).body))).toEqual({ a: null, c: '', d: [], e: {}, price: '9.90' });
  });
});

describe('request: headers (SPEC §7)', () => {
  it('sends every header, with the layout and IoT store values', async () => {
    const appShowOptions = { path: 'pages/index/index', query: { a: '1' }, scene: '1001' };
    useLayoutStore.getState().patchLayout({ sessionId: 'sess-1', platformOpenId: 'open-1', appShowOptions });
    useIotStore.setState({ simNo: '89860000000000000001' });
    const fetchMock = answer(() => json({ code: 0, message: 'ok', data: null }));
    await request(getThing, {});

    const headers = sentInit(fetchMock).headers as Record<string, string>;
    const orderSessionId = useLayoutStore.getState().orderSessionId;
    expect(orderSessionId).toMatch(/^[0-9a-f]{32}$/);
    expect(headers).toMatchObject({
      platform: 'h5',
      hostname: location.hostname,
      'app-id': 'h5',
      'session-id': 'sess-1',
      'order-session-id': orderSessionId,
      'platform-source': '1',
      'platform-open-id': 'open-1',
      'page-url': location.href,
      'sim-no': '89860000000000000001',
    });
    expect(JSON.parse(decodeURIComponent(headers['app-show-options'] ?? ''))).toEqual(appShowOptions);
    expect(JSON.parse(decodeURIComponent(headers['device-info'] ?? ''))).toMatchObject({ platform: 'h5' });
    for (const name of [
      'platform',
      'hostname',
      'device-info',
      'app-id',
      'session-id',
      'order-session-id',
      'platform-source',
      'platform-open-id',
      'app-show-options',
      'page-url',
      'sim-no',
    ]) {
      expect(headers, name).toHaveProperty(name);
      expect(typeof headers[name], name).toBe('string');
    }
  });
});

describe('request: envelope codes', () => {
  it('code 0 resolves with data', async () => {
    answer(() => json({ code: 0, message: 'ok', data: { list: [1, 2], total: 2 } }));
    await expect(request(getThing, {})).resolves.toEqual({ list: [1, 2], total: 2 });
  });

  it('a non-zero code rejects with an ApiError carrying code, message and data, and toasts (-1)', async () => {
    answer(() => json({ code: -1, message: '手机号格式不正确', data: { field: 'mobile' } }));
    const error = await rejection(request(postThing, { mobile: '1' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: -1, message: '手机号格式不正确', data: { field: 'mobile' } });
    await expectToast('手机号格式不正确');
  });

  it('61 navigates to the order login page with the current URL, replacing the entry', async () => {
    answer(() => json({ code: 61, message: '', data: null }));
    const error = await rejection(request(getThing, {}));
    expect(error).toMatchObject({ code: 61 });
    expect(router.navigate).toHaveBeenCalledWith(
      `/pages/login/index?redirect=${encodeURIComponent('/pages/order/index?tab=2')}`,
      { replace: true },
    );
    await expectToast('登录超时，请重新登录！');
  });

  it('34061 navigates to the card login page', async () => {
    answer(() => json({ code: 34061, message: '', data: null }));
    await rejection(request(getThing, {}));
    expect(router.navigate).toHaveBeenCalledWith(
      `/pages/iot/login/index?redirect=${encodeURIComponent('/pages/order/index?tab=2')}`,
      { replace: true },
    );
  });

  it('30001 mounts the sold-out dialog', async () => {
    answer(() => json({ code: 30001, message: '', data: null }));
    const error = await rejection(request(postThing, {}));
    expect(error).toMatchObject({ code: 30001 });
    await expect.poll(bodyText).toContain('哎呀！客官来晚了，该商品卖光啦！');
  });

  it('silentCodes suppresses the toast or dialog but still rejects', async () => {
    answer(() => json({ code: 30001, message: '', data: null }));
    const error = await rejection(request(postThing, {}, { silentCodes: [30001] }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 30001 });
    await expectNoOverlay();
    expect(bodyText()).not.toContain('卖光啦');
  });

  it('silentCodes for 61 does not navigate', async () => {
    answer(() => json({ code: 61, message: '', data: null }));
    await rejection(request(getThing, {}, { silentCodes: [61] }));
    await expectNoOverlay();
    expect(router.navigate).not.toHaveBeenCalled();
  });

  it('41001 rejects silently with its data for the caller', async () => {
    answer(() => json({ code: 41001, message: '支付密码错误', data: { field: 'payPassword', remainTimes: 2 } }));
    const error = await rejection(request(postThing, {}));
    expect(error).toMatchObject({ code: 41001, data: { field: 'payPassword', remainTimes: 2 } });
    await expectNoOverlay();
  });
});

describe('request: HTTP outcomes', () => {
  it('2xx without a data key toasts 数据响应异常 and rejects', async () => {
    answer(() => json({ code: 0, message: 'ok' }));
    const error = await rejection(request(getThing, {}));
    expect(error).toBeInstanceOf(ApiError);
    await expectToast('数据响应异常');
  });

  it('2xx with a body that is not JSON toasts 数据响应异常', async () => {
    answer(() => new Response('<html></html>', { status: 200 }));
    await rejection(request(getThing, {}));
    await expectToast('数据响应异常');
  });

  it('401 rejects without a toast', async () => {
    answer(() => json({ code: -1, message: 'unauthorized', data: null }, 401));
    const error = await rejection(request(getThing, {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401 });
    await expectNoOverlay();
  });

  it('500 toasts 网络错误，请更换网络或稍后重试', async () => {
    answer(() => json({ code: -1, message: 'internal', data: null }, 500));
    const error = await rejection(request(getThing, {}));
    expect(error).toMatchObject({ status: 500 });
    await expectToast('网络错误，请更换网络或稍后重试');
  });

  it('another non-2xx toasts the server message', async () => {
    answer(() => json({ code: -1, message: '接口不存在', data: null }, 404));
    const error = await rejection(request(getThing, {}));
    expect(error).toMatchObject({ status: 404, message: '接口不存在' });
    await expectToast('接口不存在');
  });

  it('another non-2xx without a message toasts 请求错误', async () => {
    answer(() => new Response('Not Found', { status: 404 }));
    await rejection(request(getThing, {}));
    await expectToast('请求错误');
  });

  it('another non-2xx with hideError shows no toast but still rejects', async () => {
    answer(() => json({ code: -1, message: '接口不存在', data: null }, 404));
    const error = await rejection(request(getThing, {}, { hideError: true }));
    expect(error).toMatchObject({ status: 404 });
    await expectNoOverlay();
  });

  it('a network failure toasts 网络错误，换个网络试试。 and rejects with errCode 5', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await rejection(request(getThing, {}));
    expect(error).toBeInstanceOf(RuntimeFailure);
    expect(error).toMatchObject({ errCode: 5 });
    await expectToast('网络错误，换个网络试试。');
  });
});

describe('request: timeout and abort', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a request exceeding timeoutMs rejects with errMsg timeout, errCode 5', async () => {
    const fetchMock = hangingFetch();
    const error = await rejection(request(getThing, {}, { timeoutMs: 20 }));
    expect(error).toBeInstanceOf(RuntimeFailure);
    expect(error).toMatchObject({ errMsg: 'timeout', errCode: 5 });
    expect(fetchMock.mock.calls[0]?.[1].signal?.aborted).toBe(true);
  });

  it('an outer AbortSignal abort rejects with errMsg abort, errCode 600003 and no toast', async () => {
    hangingFetch();
    const controller = new AbortController();
    const pending = request(getThing, {}, { signal: controller.signal });
    await settle(5);
    controller.abort();
    const error = await rejection(pending);
    expect(error).toBeInstanceOf(RuntimeFailure);
    expect(error).toMatchObject({ errMsg: 'abort', errCode: 600003 });
    await expectNoOverlay();
  });

  it('an already aborted signal rejects with abort and sends nothing', async () => {
    const fetchMock = answer(() => json({ code: 0, message: 'ok', data: 1 }));
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(request(getThing, {}, { signal: controller.signal }));
    expect(error).toMatchObject({ errMsg: 'abort', errCode: 600003 });
    expect(fetchMock).not.toHaveBeenCalled();
    await expectNoOverlay();
  });

  it(`defaults to REQUEST_TIMEOUT_MS (${REQUEST_TIMEOUT_MS} ms)`, async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    hangingFetch();
    let settled: unknown = 'pending';
    const pending = request(getThing, {}).then(
      () => 'resolved',
      (error: unknown) => error,
    );
    void pending.then((v) => {
      settled = v;
    });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(RuntimeFailure);
    expect(settled).toMatchObject({ errMsg: 'timeout', errCode: 5 });
  });
});

describe('request: refusal reasons (the shopper’s language, the server’s message as fallback)', () => {
  afterEach(async () => {
    await i18next.changeLanguage('zh-Hans');
  });

  it('in English, a known reason is toasted in English; the error keeps the server message and gives the text', async () => {
    await i18next.changeLanguage('en');
    answer(() => json({ code: -1, message: '验证码错误或已过期', reason: 'smsCodeInvalid', data: null }));
    const error = await rejection(request(postThing, {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: -1, message: '验证码错误或已过期', reason: 'smsCodeInvalid' });
    expect((error as ApiError).text).toBe('The code is wrong or has expired.');
    await expectToast('The code is wrong or has expired.');
    expect(bodyText()).not.toContain('验证码');
  });

  it('fills the text from the answer’s data, in each language, when it is read', async () => {
    await i18next.changeLanguage('en');
    answer(() => json({ code: -1, message: '缺少参数：mobile', reason: 'paramMissing', data: { field: 'mobile' } }));
    const error = (await rejection(request(postThing, {}))) as ApiError;
    await expectToast('Missing parameter: mobile');
    await i18next.changeLanguage('fr');
    expect(error.text).toBe('Paramètre manquant : mobile');
  });

  it('a reason this client does not know, or none, falls back to the server message', async () => {
    await i18next.changeLanguage('en');
    answer(() => json({ code: -1, message: '新版本的提示', reason: 'someNewReason', data: null }));
    const unknown = (await rejection(request(postThing, {}))) as ApiError;
    expect(unknown.text).toBe('新版本的提示');
    await expectToast('新版本的提示');
  });

  it('zh-Hans shows the SPEC text of the reason', async () => {
    answer(() => json({ code: -1, message: '发送太频繁，请稍后再试', reason: 'smsTooFrequent', data: null }));
    const error = (await rejection(request(postThing, {}))) as ApiError;
    expect(error.text).toBe('发送太频繁，请稍后再试');
    await expectToast('发送太频繁，请稍后再试');
  });

  it('a login timeout (61) toasts the English text before going to the login page', async () => {
    await i18next.changeLanguage('en');
    answer(() => json({ code: 61, message: '登录超时，请重新登录！', reason: 'loginTimeout', data: null }));
    await rejection(request(getThing, {}));
    await expectToast('Your session has expired. Please log in again.');
  });

  it('the 30001 and 32001 dialogs are in English', async () => {
    await i18next.changeLanguage('en');
    answer(() => json({ code: 30001, message: '哎呀！客官来晚了，该商品卖光啦！', reason: 'soldOut', data: null }));
    await rejection(request(postThing, {}));
    await expect.poll(bodyText).toContain(i18next.t('errors.soldOut'));
    expect(bodyText()).not.toMatch(/\p{Script=Han}/u);
  });

  it('a 30003 dialog says the reason in English', async () => {
    await i18next.changeLanguage('en');
    answer(() =>
      json({
        code: 30003,
        message: '办理人年龄需在16至60周岁之间',
        reason: 'ageOutOfRange',
        data: { minAge: 16, maxAge: 60 },
      }),
    );
    await rejection(request(postThing, {}));
    await expect.poll(bodyText).toContain('The applicant must be between 16 and 60 years old.');
    expect(bodyText()).not.toMatch(/\p{Script=Han}/u);
  });

  it('a non-2xx answer with a reason is toasted in English', async () => {
    await i18next.changeLanguage('en');
    answer(() => json({ code: -1, message: '接口不存在', reason: 'apiNotFound', data: null }, 404));
    const error = await rejection(request(getThing, {}));
    expect(error).toMatchObject({ status: 404, message: '接口不存在' });
    await expectToast('This API does not exist.');
  });

  it('a success that says more than ok gives onMessage its localized text and reason', async () => {
    await i18next.changeLanguage('en');
    answer(() => json({ code: 0, message: '数据同步中', reason: 'dataSyncing', data: 1 }));
    const onMessage = vi.fn();
    await expect(request(getThing, {}, { onMessage })).resolves.toBe(1);
    expect(onMessage).toHaveBeenCalledWith('Syncing data…', 'dataSyncing');
  });

  it('a plain success gives onMessage ok without a reason', async () => {
    answer(() => json({ code: 0, message: 'ok', data: 1 }));
    const onMessage = vi.fn();
    await request(getThing, {}, { onMessage });
    expect(onMessage).toHaveBeenCalledWith('ok', undefined);
  });
});
