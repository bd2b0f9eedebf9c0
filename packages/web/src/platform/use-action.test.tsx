import { defineEndpoint, ErrorCode } from '@haoka/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createQueryClient, Providers } from '../app/providers';
import { setLocale } from '../i18n';
import { expectToast, settle, toastText } from '../test/dom';
import { request } from './request';
import { useAction } from './use-action';

const postThing = defineEndpoint({
  method: 'POST',
  path: '/api/test/action',
  input: z.record(z.string(), z.unknown()),
  data: z.unknown(),
  auth: 'none',
});

function wrapper({ children }: { children: ReactNode }) {
  return <Providers client={createQueryClient()}>{children}</Providers>;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The toasts shown, but the loading mask. */
function toastsShown(spy: { mock: { calls: unknown[][] } }): unknown[] {
  return spy.mock.calls.map((c) => c[0] as { content?: unknown; icon?: unknown }).filter((o) => o.icon !== 'loading');
}

describe('useAction', () => {
  it('a second tap while the first runs does nothing: one call, and busy meanwhile', async () => {
    const answer = deferred<string>();
    const send = vi.fn(() => answer.promise);
    const { result } = renderHook(() => useAction(send), { wrapper });
    expect(result.current.busy).toBe(false);

    let first: Promise<string | undefined> | undefined;
    let second: Promise<string | undefined> | undefined;
    act(() => {
      first = result.current.run();
      second = result.current.run();
    });
    await expect(second).resolves.toBeUndefined();
    await waitFor(() => expect(result.current.busy).toBe(true));
    expect(send).toHaveBeenCalledTimes(1);

    await act(async () => answer.resolve('done'));
    await expect(first).resolves.toBe('done');
    await waitFor(() => expect(result.current.busy).toBe(false));

    // Once done, the next tap sends again.
    send.mockImplementation(() => Promise.resolve('again'));
    let third: Promise<string | undefined> | undefined;
    act(() => {
      third = result.current.run();
    });
    await expect(third).resolves.toBe('again');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('stays busy through onSuccess: a tap while the success is followed is ignored', async () => {
    const follow = deferred<void>();
    const send = vi.fn(async () => 'launch');
    const onSuccess = vi.fn(() => follow.promise);
    const { result } = renderHook(() => useAction(send, { onSuccess }), { wrapper });
    act(() => {
      void result.current.run();
    });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('launch', undefined));
    await act(async () => {
      await result.current.run();
    });
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => follow.resolve());
    await waitFor(() => expect(result.current.busy).toBe(false));
  });

  it('a refusal is told once, in the shopper language from its reason, and handed to onError', async () => {
    await setLocale('en');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: -1, message: '余额不足', reason: 'balanceTooLow', data: null })),
      ),
    );
    const show = vi.spyOn(Toast, 'show');
    const onError = vi.fn();
    const { result } = renderHook(
      () => useAction<void, unknown>(() => request(postThing, {}), { loading: true, onError }),
      {
        wrapper,
      },
    );
    let out: unknown = 'unset';
    await act(async () => {
      out = await result.current.run();
    });
    expect(out).toBeUndefined();
    await expectToast('Insufficient balance.');
    await settle();
    expect(toastsShown(show)).toHaveLength(1);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ code: ErrorCode.FAIL, reason: 'balanceTooLow' });
    expect(result.current.busy).toBe(false);
  });

  it('a failure that is not an answer gets the one generic toast', async () => {
    const show = vi.spyOn(Toast, 'show');
    const { result } = renderHook(() => useAction(async () => Promise.reject(new Error('bug'))), { wrapper });
    await act(async () => {
      await result.current.run();
    });
    await expectToast('操作失败');
    expect(toastsShown(show)).toHaveLength(1);
  });

  it('a silent code clears the loading mask and shows nothing: it is the caller’s', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ code: ErrorCode.VERIFY_REQUIRED, message: '密码错误', data: {} })),
      ),
    );
    const onError = vi.fn();
    const silentCodes = [ErrorCode.VERIFY_REQUIRED];
    const { result } = renderHook(
      () =>
        useAction<void, unknown>(() => request(postThing, {}, { silentCodes }), {
          loading: true,
          silentCodes,
          onError,
        }),
      { wrapper },
    );
    await act(async () => {
      await result.current.run();
    });
    await settle();
    expect(toastText()).toBeNull();
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('onSettled follows a success and a failure, not a tap that was ignored', async () => {
    const answer = deferred<string>();
    const onSettled = vi.fn();
    const send = vi.fn(() => answer.promise);
    const { result } = renderHook(() => useAction<void, string>(send, { onSettled }), { wrapper });
    let first: Promise<string | undefined> | undefined;
    act(() => {
      first = result.current.run();
      void result.current.run();
    });
    await act(async () => answer.resolve('ok'));
    await first;
    expect(onSettled).toHaveBeenCalledTimes(1);

    send.mockImplementation(() => Promise.reject(new Error('bug')));
    await act(async () => {
      await result.current.run();
    });
    expect(onSettled).toHaveBeenCalledTimes(2);
  });
});
