#!/usr/bin/env node
/**
 * The real server for the API benches, plus one extra route, GET /bench/fixed?bytes=N, answering a fixed
 * JSON envelope of exactly N bytes (built once per size): the peer each endpoint's throughput is compared
 * with, served by the same process, framework and hooks.
 */
import { buildApp, loadConfig } from '../packages/server/dist/app.js';

const fixedBodies = new Map();
function fixedBody(bytes) {
  let body = fixedBodies.get(bytes);
  if (!body) {
    const shell = JSON.stringify({ code: 0, message: 'ok', data: { pad: '' } });
    body = JSON.stringify({ code: 0, message: 'ok', data: { pad: 'x'.repeat(Math.max(0, bytes - shell.length)) } });
    fixedBodies.set(bytes, body);
  }
  return body;
}

const config = { ...loadConfig(), logLevel: 'silent' };
const app = await buildApp(config, {
  extraRoutes: (a) => {
    a.get('/bench/fixed', (req, reply) =>
      reply.type('application/json; charset=utf-8').send(fixedBody(Number(req.query.bytes ?? 4000))),
    );
  },
});
await app.listen({ port: config.port, host: '127.0.0.1' });
await app.ctx.numberIndex.ready();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.close().then(() => process.exit(0)));
process.stdout.write('ready\n');
