/**
 * Client side of the process proofs that put a dependency fault under traffic
 * (proofs/*-outage, postgres-restart, rolling-deploy): timed calls that never throw, and the fresh
 * client addresses and mobiles that keep one run's limit counters apart from another's.
 */
import { randomBytes } from 'node:crypto';
import { clientHeaders } from './harness.js';

export interface Answer {
  /** HTTP status; 0 when no answer came (connection refused or reset). */
  status: number;
  ms: number;
  /** The envelope (or `/healthz` body); null when the answer was not JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  body: any;
  error?: string;
  at: number;
  path: string;
}

/** One request with the web client's headers; a network error is an answer with status 0. */
export async function timedCall(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string> = {},
  body?: object,
): Promise<Answer> {
  const at = Date.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...clientHeaders(), ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: res.status, ms: Date.now() - at, body: parsed, at, path };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { status: 0, ms: Date.now() - at, body: null, error: `${String(error)} ${cause ?? ''}`, at, path };
  }
}

/** A client address of this run only (the instances trust X-Forwarded-For). */
export function freshIp(): string {
  const [a, b, c] = randomBytes(3) as unknown as [number, number, number];
  return `10.${a}.${b}.${1 + (c % 250)}`;
}

export function freshMobile(): string {
  return `139${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 100 ms until it is true; the time it took, or null after `limitMs`. */
export async function waitFor(check: () => Promise<boolean>, limitMs: number): Promise<number | null> {
  const start = Date.now();
  while (Date.now() - start < limitMs) {
    if (await check()) return Date.now() - start;
    await sleep(100);
  }
  return null;
}

/** Runs `worker` in `concurrency` loops until `stop()` says so; every answer is kept. */
export function runTraffic(
  concurrency: number,
  worker: (i: number) => Promise<Answer>,
): { answers: Answer[]; stop: () => Promise<Answer[]> } {
  const answers: Answer[] = [];
  let running = true;
  const loops = Array.from({ length: concurrency }, async (_v, n) => {
    let i = n;
    while (running) {
      answers.push(await worker(i));
      i += concurrency;
    }
  });
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}
