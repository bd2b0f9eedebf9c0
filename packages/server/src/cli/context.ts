/** The CLI context of a real process: configuration from the environment, its own database connection. */
import { buildApp, prepareDatabase } from '../app.js';
import { type AppConfig, loadConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import type { CliContext } from './types.js';

export function processContext(): CliContext {
  let config: AppConfig | undefined;
  const loaded = () => {
    config ??= loadConfig();
    return config;
  };
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    progress: Boolean(process.stderr.isTTY),
    config: loaded,
    async withDb(fn) {
      const handle = createDatabase(loaded().db);
      try {
        await prepareDatabase(handle, { demo: false });
        return await fn(handle.db, handle);
      } finally {
        await handle.destroy();
      }
    },
    async withApp(fn) {
      const handle = createDatabase(loaded().db);
      const app = await buildApp({ ...loaded(), logLevel: 'warn', jobsEnabled: false }, { database: handle });
      try {
        await app.ready();
        return await fn(app);
      } finally {
        await app.close();
        await handle.destroy();
      }
    },
  };
}
