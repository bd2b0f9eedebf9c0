/**
 * The shared part of the providers' fakes: a `node:http` server on a random local port that hands each
 * request (with its raw body) to the fake and writes its JSON answer. A fake told to `stall` holds the
 * request unanswered, as a provider that does not answer; `close` ends those too.
 */
import { createServer, type IncomingMessage } from 'node:http';

export type FakeAnswer =
  | { status: number; body: unknown }
  /** Sent as it is, with these headers over the JSON content type. */
  | { status: number; headers?: Record<string, string> | undefined; text: string }
  | 'stall';

export interface FakeServer {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

export async function startFakeServer(
  handle: (req: IncomingMessage, rawBody: string) => FakeAnswer | Promise<FakeAnswer>,
): Promise<FakeServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      Promise.resolve(handle(req, Buffer.concat(chunks).toString('utf8')))
        .then((answer) => {
          if (answer === 'stall') return;
          if ('text' in answer) {
            res.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8', ...answer.headers });
            res.end(answer.text);
            return;
          }
          res.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8' });
          res.end(JSON.stringify(answer.body));
        })
        .catch((error: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(error));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One header's value as a string ('' when absent). */
export function header(req: IncomingMessage, name: string): string {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

/** One scripted answer of startScriptedServer. */
export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  /** The body as sent; `{path, status}` as JSON otherwise. */
  text?: string;
  /** Received and never answered; `onHang` is called. */
  hang?: boolean;
  /** Received, then the connection breaks before any answer. */
  cut?: boolean;
}

/**
 * A provider for the outbound helpers' unit tests: it answers each path by the next of its scripted
 * answers (then 200), and counts the requests each path received.
 */
export async function startScriptedServer(onHang: () => void = () => undefined) {
  const script = new Map<string, ScriptedAnswer[]>();
  const hits = new Map<string, number>();
  const server = await startFakeServer((req) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const next = script.get(path)?.shift() ?? { status: 200 };
    if (next.cut) {
      req.socket.destroy();
      return 'stall';
    }
    if (next.hang) {
      onHang();
      return 'stall';
    }
    return {
      status: next.status,
      headers: next.headers,
      text: next.text ?? JSON.stringify({ path, status: next.status }),
    };
  });
  return { ...server, script, hits };
}
