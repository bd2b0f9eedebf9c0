import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeFailure } from './runtime-errors';
import { vibrateShort } from './vibrate';

const original = Object.getOwnPropertyDescriptor(navigator, 'vibrate');

afterEach(() => {
  if (original) Object.defineProperty(navigator, 'vibrate', original);
  else Reflect.deleteProperty(navigator, 'vibrate');
});

describe('vibrateShort', () => {
  it('vibrates for 15 ms where the browser can', async () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    await expect(vibrateShort()).resolves.toBeUndefined();
    expect(vibrate).toHaveBeenCalledWith(15);
  });

  it("rejects with method 'uni.vibrateShort' not supported where it cannot", async () => {
    Object.defineProperty(navigator, 'vibrate', { value: undefined, configurable: true });
    const error = await vibrateShort().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuntimeFailure);
    expect(error).toMatchObject({ errMsg: "method 'uni.vibrateShort' not supported" });
  });
});
