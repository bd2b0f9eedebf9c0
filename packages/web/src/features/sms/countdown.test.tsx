import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers';
import { expectToast } from '../../test/dom';
import { Fail, mockApi } from '../../test/render-route';
import { SendCodeButton } from './components/send-code-button';
import { formatMmSs, secondsLeft } from './countdown';

describe('secondsLeft / formatMmSs', () => {
  it('counts whole seconds up to the end, never below 0', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 99_000)).toBe(0);
  });

  it('shows mm:ss, minutes not capped', () => {
    expect(formatMmSs(0)).toBe('00:00');
    expect(formatMmSs(59)).toBe('00:59');
    expect(formatMmSs(30 * 60)).toBe('30:00');
    expect(formatMmSs(61 * 60 + 5)).toBe('61:05');
    expect(formatMmSs(-3)).toBe('00:00');
  });
});

describe('获取验证码', () => {
  beforeEach(() => {
    // Only the countdown's clock is faked: the request and the test's waits run on real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function renderButton(mobile: string | null) {
    return render(
      <Providers client={createQueryClient()}>
        <SendCodeButton scene="order" getMobile={() => mobile} />
      </Providers>,
    );
  }

  it('sends the code for the scene, then is disabled for 60 s with the seconds left', async () => {
    const api = mockApi({ '/api/hk/sendCode': () => ({ expireIn: 300, resendIn: 60 }) });
    renderButton('13800138000');
    const button = screen.getByTestId('send-code') as HTMLButtonElement;
    expect(button.textContent).toBe('获取验证码');
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('60s后重新获取'));
    expect(button.disabled).toBe(true);
    await expectToast('验证码已发送');
    expect(api.callsTo('/api/hk/sendCode').map((c) => c.body)).toEqual([{ mobile: '13800138000', scene: 'order' }]);

    act(() => vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe('59s后重新获取');
    // A tap while counting sends nothing.
    fireEvent.click(button);
    act(() => vi.advanceTimersByTime(58_000));
    expect(button.textContent).toBe('1s后重新获取');
    act(() => vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe('获取验证码');
    expect(button.disabled).toBe(false);
    expect(api.callsTo('/api/hk/sendCode')).toHaveLength(1);
  });

  it('an invalid mobile sends nothing; a refused send shows the message and starts no countdown', async () => {
    const api = mockApi({ '/api/hk/sendCode': () => new Fail(-1, '发送太频繁，请稍后再试') });
    const first = renderButton(null);
    fireEvent.click(screen.getByTestId('send-code'));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('/api/hk/sendCode')).toHaveLength(0);
    first.unmount();

    renderButton('13800138000');
    fireEvent.click(screen.getByTestId('send-code'));
    await expectToast('发送太频繁，请稍后再试');
    expect(screen.getByTestId('send-code').textContent).toBe('获取验证码');
    expect((screen.getByTestId('send-code') as HTMLButtonElement).disabled).toBe(false);
  });
});
