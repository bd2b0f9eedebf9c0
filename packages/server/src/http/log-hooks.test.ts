import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isClientAbort, logMethod } from './log-hooks.js';

/** A Fastify logger at `level` with the hooks, and the levels and messages it wrote. */
function capture(level: string) {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).trim().split('\n')) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream, hooks: { logMethod } } });
  return { log: app.log, lines };
}

const prematureClose = () => Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });

describe('logger hooks', () => {
  it('recognises a client that left mid-response, and nothing else', () => {
    expect(isClientAbort(prematureClose())).toBe(true);
    expect(isClientAbort(new Error('premature close'))).toBe(true);
    expect(isClientAbort(new Error('boom'))).toBe(false);
    expect(isClientAbort('premature close')).toBe(false);
  });

  it('writes a client abort at debug, not error; real errors stay errors', async () => {
    const quiet = capture('info');
    quiet.log.error(prematureClose());
    quiet.log.error(new Error('boom'));
    quiet.log.error({ err: new Error('disk full') }, 'unexpected error');
    await new Promise((r) => setImmediate(r));
    expect(quiet.lines.map((l) => [l.level, l.msg])).toEqual([
      [50, 'boom'],
      [50, 'unexpected error'],
    ]);

    const verbose = capture('debug');
    verbose.log.error(new Error('premature close'));
    await new Promise((r) => setImmediate(r));
    expect(verbose.lines.map((l) => [l.level, l.msg])).toEqual([[20, 'premature close']]);
  });
});
