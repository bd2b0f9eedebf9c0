import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GatewayTimeout, withDeadline } from './deadline.js';

class Provider {
  readonly name = 'test';
  readonly #calls: string[] = [];
  async quick(value: string): Promise<string> {
    this.#calls.push(value);
    return value.toUpperCase();
  }
  never(): Promise<string> {
    return new Promise(() => {});
  }
  async refuses(): Promise<string> {
    throw new Error('refused');
  }
  ack(ok: boolean): string {
    return ok ? 'SUCCESS' : 'FAIL';
  }
  calls(): string[] {
    return this.#calls;
  }
}

describe('withDeadline', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('passes answers, refusals, plain methods and fields through (private fields work)', async () => {
    const provider = withDeadline(new Provider(), 'test', 1_000);
    expect(await provider.quick('a')).toBe('A');
    await expect(provider.refuses()).rejects.toThrow('refused');
    expect(provider.ack(true)).toBe('SUCCESS');
    expect(provider.name).toBe('test');
    expect(provider.calls()).toEqual(['a']);
  });

  it('fails a call that does not answer in time with GatewayTimeout', async () => {
    const provider = withDeadline(new Provider(), 'test', 1_000);
    const call = provider.never();
    const seen = expect(call).rejects.toThrow(new GatewayTimeout('test', 'never', 1_000));
    await vi.advanceTimersByTimeAsync(1_000);
    await seen;
  });

  it("fails it with the gateway's own refusal when told", async () => {
    class Refusal extends Error {}
    const provider = withDeadline(new Provider(), 'test', 500, (timeout) => new Refusal(timeout.message));
    const call = provider.never();
    const seen = expect(call).rejects.toBeInstanceOf(Refusal);
    await vi.advanceTimersByTimeAsync(500);
    await seen;
  });
});
