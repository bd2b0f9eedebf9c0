#!/usr/bin/env node
/**
 * The real server for the search bench, plus one extra route answering a fixed JSON body of the size
 * given in BENCH_FIXED_BYTES: the peer that numberList throughput is compared with.
 */
import { buildApp, loadConfig } from '../packages/server/dist/app.js';

const size = Number(process.env.BENCH_FIXED_BYTES ?? 4000);
const fixed = JSON.stringify({ code: 0, message: 'ok', data: { pad: 'x'.repeat(Math.max(0, size - 60)) } });
const config = { ...loadConfig(), logLevel: 'silent' };
const app = await buildApp(config, {
  extraRoutes: (a) => {
    a.get('/bench/fixed', (_req, reply) => reply.type('application/json; charset=utf-8').send(fixed));
  },
});
await app.listen({ port: config.port, host: '127.0.0.1' });
await app.numberIndex.ready();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.close().then(() => process.exit(0)));
process.stdout.write('ready\n');
