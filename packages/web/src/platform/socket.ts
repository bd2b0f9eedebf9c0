/**
 * Generic websocket (SPEC §7 "Other", §8): `connectSocket` resolves with a task once the socket is open. A
 * socket that fails, closes or has not opened within the timeout (60 s unless told) rejects with errCode
 * 600009; sending on a socket that is not open throws errCode 10002.
 */
import { GENERIC_TIMEOUT_MS } from '@haoka/contract';
import { RuntimeErrCode, RuntimeFailure } from './runtime-errors';

export type SocketData = string | ArrayBuffer | Blob;

export interface SocketClose {
  code: number;
  reason: string;
}

export interface SocketTask {
  /** Throws the 10002 failure when the socket is no longer open. */
  send(data: SocketData): void;
  close(code?: number, reason?: string): void;
  /** Each returns its unsubscribe. */
  onMessage(listener: (data: unknown) => void): () => void;
  onClose(listener: (close: SocketClose) => void): () => void;
  onError(listener: () => void): () => void;
}

export interface ConnectSocketOptions {
  url: string;
  protocols?: string | string[];
  timeoutMs?: number;
}

export const socketConnectFailure = () => new RuntimeFailure('connectSocket:fail', RuntimeErrCode.SOCKET_CONNECT);
export const socketClosedFailure = () =>
  new RuntimeFailure('sendSocketMessage:fail WebSocket is not connected', RuntimeErrCode.SOCKET_CLOSED);

// WebSocket.readyState values, spelled out so a stand-in class without the statics works too.
const CONNECTING = 0;
const OPEN = 1;

function listen<T extends keyof WebSocketEventMap>(
  socket: WebSocket,
  type: T,
  listener: (event: WebSocketEventMap[T]) => void,
): () => void {
  socket.addEventListener(type, listener);
  return () => socket.removeEventListener(type, listener);
}

function taskOf(socket: WebSocket): SocketTask {
  return {
    send(data) {
      if (socket.readyState !== OPEN) throw socketClosedFailure();
      socket.send(data);
    },
    close(code, reason) {
      socket.close(code, reason);
    },
    onMessage: (listener) => listen(socket, 'message', (event) => listener(event.data)),
    onClose: (listener) => listen(socket, 'close', (event) => listener({ code: event.code, reason: event.reason })),
    onError: (listener) => listen(socket, 'error', () => listener()),
  };
}

export function connectSocket(options: ConnectSocketOptions): Promise<SocketTask> {
  const { url, protocols, timeoutMs = GENERIC_TIMEOUT_MS } = options;
  return new Promise<SocketTask>((resolve, reject) => {
    let socket: WebSocket;
    try {
      socket = new WebSocket(url, protocols);
    } catch {
      // A malformed URL throws at once.
      reject(socketConnectFailure());
      return;
    }
    const stop: Array<() => void> = [];
    const finish = () => {
      clearTimeout(timer);
      for (const off of stop) off();
    };
    const fail = () => {
      finish();
      if (socket.readyState === CONNECTING || socket.readyState === OPEN) socket.close();
      reject(socketConnectFailure());
    };
    const timer = setTimeout(fail, timeoutMs);
    stop.push(
      listen(socket, 'open', () => {
        finish();
        resolve(taskOf(socket));
      }),
      listen(socket, 'error', fail),
      listen(socket, 'close', fail),
    );
  });
}
