/**
 * The shared part of the providers' fakes: a `node:http` server on a random local port that hands each
 * request (with its raw body) to the fake and writes its JSON answer. A fake told to `stall` holds the
 * request unanswered, as a provider that does not answer; `close` ends those too.
 */
import { createServer, type IncomingMessage } from 'node:http';

export type FakeAnswer = { status: number; body: unknown } | 'stall';

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
