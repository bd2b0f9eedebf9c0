/**
 * Starts the real built server (server-process.ts) for the journeys to drive in Chromium. Requires
 * `npm run build` first (the test command does it).
 */
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The test server's SQLite file, for the CLI steps a journey runs against the same data. */
    sqliteFile: string;
    /** The test server's log (every level from info up, as JSON lines), for the personal-data scan. */
    serverLog: string;
    /** Where the journeys' pages append every API answer they receive (JSON lines), for the same scan. */
    apiAnswersLog: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  project.provide('sqliteFile', server.sqliteFile);
  project.provide('serverLog', server.serverLog);
  project.provide('apiAnswersLog', join(server.dir, 'api-answers.jsonl'));
  return () => server.stop();
}
