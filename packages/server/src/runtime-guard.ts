/**
 * Imported first by main.ts, so that on an unsupported Node.js the server and the CLI stop with one line
 * before any other module (the SQLite driver above all) is evaluated.
 */
import { unsupportedNodeLine } from './runtime.js';

const line = unsupportedNodeLine(process.version);
if (line) {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}
