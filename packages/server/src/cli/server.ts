/** `serve`, `migrate`, `seed`: running the shop and preparing its database. */
import { buildApp, prepareDatabase } from '../app.js';
import { createDatabase } from '../db/database.js';
import { drainAndClose } from '../http/draining.js';
import { type Command, EXIT } from './types.js';

export const serve: Command = {
  name: 'serve',
  summary: 'migrate, seed an empty database, then serve the shop and the API (default)',
  help: `Usage: haoka serve

Applies pending migrations, runs pending seeders (the demo shop unless SEED_DEMO=0), then serves the shop
under /shop/ and the API. Settings come from the environment (docs/operations.md).
`,
  async run(_args, ctx) {
    const config = ctx.config();
    const handle = createDatabase(config.db);
    await prepareDatabase(handle, { demo: config.seedDemo, demoNumbers: config.demoNumbers });
    const app = await buildApp(config, { database: handle });
    app.addHook('onClose', () => handle.destroy());
    // SIGTERM (a deploy, systemd, a container stop) drains for the grace period first; SIGINT (Ctrl-C at
    // a terminal) does not wait. A second signal ends the process at once (the default action).
    const stop = (signal: string, graceMs: number) => {
      app.log.info({ signal }, 'shutting down');
      drainAndClose(app, graceMs).then(
        () => {
          app.log.info('stopped');
          process.exit(0);
        },
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    process.once('SIGINT', () => stop('SIGINT', 0));
    process.once('SIGTERM', () => stop('SIGTERM', config.shutdownGraceMs));
    await app.listen({ port: config.port, host: config.host });
    const shown = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
    app.log.info(`Haoka is serving http://${shown}:${(app.server.address() as { port: number }).port}/shop/`);
    return -1;
  },
};

function prepare(name: 'migrate' | 'seed'): Command {
  return {
    name,
    summary: name === 'migrate' ? 'apply pending migrations' : 'run pending seeders (demo data unless SEED_DEMO=0)',
    help:
      name === 'migrate'
        ? 'Usage: haoka migrate\n\nApplies pending migrations and the reference data every shop needs.\n'
        : 'Usage: haoka seed\n\nApplies pending migrations and runs pending seeders: reference data, and the demo shop\nunless SEED_DEMO=0. Seeders run once each.\n',
    async run(_args, ctx) {
      const config = ctx.config();
      const handle = createDatabase(config.db);
      try {
        const result = await prepareDatabase(handle, {
          demo: name === 'seed' && config.seedDemo,
          demoNumbers: config.demoNumbers,
        });
        ctx.out(`migrated: ${result.migrated.join(', ') || 'none'}; seeded: ${result.seeded.join(', ') || 'none'}\n`);
      } finally {
        await handle.destroy();
      }
      return EXIT.ok;
    },
  };
}

export const migrate = prepare('migrate');
export const seed = prepare('seed');
