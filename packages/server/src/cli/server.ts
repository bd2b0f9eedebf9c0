/** `serve`, `migrate`, `seed`: running the shop and preparing its database. */
import { buildApp, prepareDatabase } from '../app.js';
import { createDatabase } from '../db/database.js';
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
    const stop = async (signal: string) => {
      app.log.info({ signal }, 'shutting down');
      await app.close();
      process.exit(0);
    };
    process.once('SIGINT', () => void stop('SIGINT'));
    process.once('SIGTERM', () => void stop('SIGTERM'));
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
