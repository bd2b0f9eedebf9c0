#!/usr/bin/env node
/** CLI: `serve` (default) | `migrate` | `seed`. Later issues add `import`, `order`, `jobs`. */
import { buildApp, prepareDatabase } from './app.js';
import { loadConfig } from './config.js';
import { createDatabase } from './db/database.js';

const USAGE = `Usage: haoka <command>

Commands:
  serve     migrate, seed an empty database, then serve the shop and the API (default)
  migrate   apply pending migrations
  seed      run pending seeders (demo data unless SEED_DEMO=0)
`;

async function main(argv: string[]): Promise<number> {
  const [command = 'serve'] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  const config = loadConfig();
  if (command === 'migrate' || command === 'seed') {
    const handle = createDatabase(config.db);
    try {
      const result = await prepareDatabase(handle, { demo: command === 'seed' && config.seedDemo });
      process.stdout.write(
        `migrated: ${result.migrated.join(', ') || 'none'}; seeded: ${result.seeded.join(', ') || 'none'}\n`,
      );
    } finally {
      await handle.destroy();
    }
    return 0;
  }
  if (command !== 'serve') {
    process.stderr.write(`Unknown command: ${command}\n\n${USAGE}`);
    return 2;
  }
  const handle = createDatabase(config.db);
  await prepareDatabase(handle, { demo: config.seedDemo });
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
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
