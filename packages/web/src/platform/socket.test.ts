import { GENERIC_TIMEOUT_MS } from '@haoka/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RuntimeFailure } from './runtime-errors';
import { connectSocket } from './socket';

/** A stand-in WebSocket the test drives: open, message, error, close. */
class FakeSocket extends EventTarget {
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: unknown[] = [];
  closedWith: [number | undefined, string | undefined] | null = null;
  constructor(
    readonly url: string,
    readonly protocols?: string | string[],
  ) {
    super();
    FakeSocket.last = this;
  }
  send(data: unknown) {
    this.sent.push(data);
  }
  close(code?: number, reason?: string) {
    this.closedWith = [code, reason];
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  message(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
  fail() {
    this.dispatchEvent(new Event('error'));
  }
  drop(code: number, reason: string) {
    this.readyState = 3;
    this.dispatchEvent(new CloseEvent('close', { code, reason }));
  }
}

const socket = (): FakeSocket => {
  if (!FakeSocket.last) throw new Error('no socket');
  return FakeSocket.last;
};

beforeEach(() => {
  FakeSocket.last = null;
  vi.stubGlobal('WebSocket', FakeSocket);
});

describe('connectSocket', () => {
  it('resolves once open; sends, receives and reports the close', async () => {
    const pending = connectSocket({ url: 'wss://example.test/ws', protocols: ['v1'] });
    expect(socket().url).toBe('wss://example.test/ws');
    expect(socket().protocols).toEqual(['v1']);
    socket().open();
    const task = await pending;
    const messages: unknown[] = [];
    const closes: unknown[] = [];
    task.onMessage((data) => messages.push(data));
    task.onClose((close) => closes.push(close));
    task.send('ping');
    socket().message('pong');
    expect(socket().sent).toEqual(['ping']);
    expect(messages).toEqual(['pong']);
    task.close(1000, 'bye');
    expect(socket().closedWith).toEqual([1000, 'bye']);
    socket().drop(1000, 'bye');
    expect(closes).toEqual([{ code: 1000, reason: 'bye' }]);
  });

  it('a connect failure (error before open) rejects with errCode 600009', async () => {
    const pending = connectSocket({ url: 'wss://example.test/ws' });
    socket().fail();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuntimeFailure);
    expect(error).toMatchObject({ errMsg: 'connectSocket:fail', errCode: 600009 });
  });

  it('a close before open rejects with errCode 600009', async () => {
    const pending = connectSocket({ url: 'wss://example.test/ws' });
    socket().drop(1006, '');
    await expect(pending).rejects.toMatchObject({ errCode: 600009 });
  });

  it('a URL the browser refuses rejects with errCode 600009', async () => {
    vi.stubGlobal(
      'WebSocket',
      class {
        constructor() {
          throw new SyntaxError('bad url');
        }
      },
    );
    await expect(connectSocket({ url: 'nonsense' })).rejects.toMatchObject({ errCode: 600009 });
  });

  it(`a socket not open within ${GENERIC_TIMEOUT_MS} ms rejects with errCode 600009 and is closed`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let settled: unknown = 'pending';
    void connectSocket({ url: 'wss://example.test/ws' }).catch((e: unknown) => {
      settled = e;
    });
    await vi.advanceTimersByTimeAsync(GENERIC_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toMatchObject({ errMsg: 'connectSocket:fail', errCode: 600009 });
    expect(socket().closedWith).not.toBeNull();
  });

  it('sending on a closed socket throws errCode 10002 and sends nothing', async () => {
    const pending = connectSocket({ url: 'wss://example.test/ws' });
    socket().open();
    const task = await pending;
    socket().drop(1001, 'going away');
    let thrown: unknown = null;
    try {
      task.send('late');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RuntimeFailure);
    expect(thrown).toMatchObject({ errCode: 10002 });
    expect(socket().sent).toEqual([]);
  });

  it('an error after open does not reject anything; listeners hear it', async () => {
    const pending = connectSocket({ url: 'wss://example.test/ws' });
    socket().open();
    const task = await pending;
    const errors: number[] = [];
    const off = task.onError(() => errors.push(1));
    socket().fail();
    off();
    socket().fail();
    expect(errors).toEqual([1]);
  });
});
