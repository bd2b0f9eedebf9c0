/**
 * Secrets: from the environment, or, outside production, from a key file generated on first start next to
 * the SQLite file (never inside the database). Production refuses to start without them.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AppConfig } from '../config.js';
import { setDataKeys } from './personal-data.js';

export interface Secrets {
  dataKey: Buffer;
  lookupKey: Buffer;
  sandboxSecret: string;
}

function parseKey(name: string, value: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes, as 64 hex characters or base64`);
  return key;
}

type KeyFile = { dataKey: string; lookupKey: string; sandboxSecret: string };

function readKeyFile(file: string): KeyFile {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text) as KeyFile;
  } catch {
    throw new Error(
      `The key file ${file} is not valid JSON: restore it from a backup (data encrypted with it needs it)`,
    );
  }
}

/**
 * The key file's secrets, generated when there is none. Instances that start together on one key file
 * must agree: the file is written in full under another name and then linked into place, which fails
 * for all but the first; the others read what the first one wrote.
 */
function fromKeyFile(file: string): KeyFile {
  if (existsSync(file)) return readKeyFile(file);
  const generated: KeyFile = {
    dataKey: randomBytes(32).toString('hex'),
    lookupKey: randomBytes(32).toString('hex'),
    sandboxSecret: randomBytes(24).toString('hex'),
  };
  mkdirSync(dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(draft, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
    return generated;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readKeyFile(file);
    throw err;
  } finally {
    rmSync(draft, { force: true });
  }
}

/** Resolves the secrets and installs the personal-data keys; throws with a clear message when missing. */
export function loadSecrets(config: AppConfig): Secrets {
  const s = config.secrets;
  const production = config.env === 'production';
  if (production) {
    // The sandbox's secret only matters while the sandbox is the provider (a real one has its own keys).
    const sandbox = (config.paymentProviders ?? ['sandbox']).includes('sandbox');
    const missing = [
      ['DATA_KEY', s.dataKey],
      ['DATA_LOOKUP_KEY', s.lookupKey],
      ...(sandbox ? [['PAY_SANDBOX_SECRET', s.sandboxSecret]] : []),
    ].filter(([, v]) => !v);
    if (missing.length > 0) {
      throw new Error(
        `Missing secrets in production: ${missing.map(([n]) => n).join(', ')} (see README "Configuration")`,
      );
    }
  }
  // Production never generates keys: what it needs was checked above.
  const file = production || (s.dataKey && s.lookupKey && s.sandboxSecret) ? null : fromKeyFile(s.keyFile);
  const secrets: Secrets = {
    dataKey: parseKey('DATA_KEY', s.dataKey ?? file?.dataKey ?? ''),
    lookupKey: parseKey('DATA_LOOKUP_KEY', s.lookupKey ?? file?.lookupKey ?? ''),
    sandboxSecret: s.sandboxSecret ?? file?.sandboxSecret ?? '',
  };
  setDataKeys({ encryption: secrets.dataKey, lookup: secrets.lookupKey });
  return secrets;
}
