import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { scratchDir } from '../test/scratch.js';
import { loadSecrets } from './keys.js';
import { decryptPersonal, encryptPersonal, lookupHash } from './personal-data.js';

const dir = scratchDir('keys');

describe('secrets', () => {
  it('refuses to start in production without them, naming each', () => {
    expect(() => loadSecrets(loadConfig({ NODE_ENV: 'production' }))).toThrow(
      /DATA_KEY, DATA_LOOKUP_KEY, PAY_SANDBOX_SECRET/,
    );
  });

  it('generates a private key file outside production and reuses it', () => {
    const file = join(dir, 'keys.json');
    const first = loadSecrets(loadConfig({ KEY_FILE: file }));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadSecrets(loadConfig({ KEY_FILE: file }));
    expect(second.dataKey.equals(first.dataKey)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).sandboxSecret).toBe(first.sandboxSecret);
  });

  it('takes keys from the environment and rejects a short one', () => {
    const env = { DATA_KEY: 'ab'.repeat(32), DATA_LOOKUP_KEY: 'cd'.repeat(32), PAY_SANDBOX_SECRET: 'x'.repeat(20) };
    expect(loadSecrets(loadConfig(env)).dataKey.toString('hex')).toBe('ab'.repeat(32));
    expect(() => loadSecrets(loadConfig({ ...env, DATA_KEY: 'abcd' }))).toThrow(/DATA_KEY must be 32 bytes/);
  });
});

describe('personal data', () => {
  it('seals and opens an ID number, never leaving it in the sealed text', () => {
    loadSecrets(
      loadConfig({ DATA_KEY: '11'.repeat(32), DATA_LOOKUP_KEY: '22'.repeat(32), PAY_SANDBOX_SECRET: 'y'.repeat(20) }),
    );
    const id = '110101199003071234';
    const sealed = encryptPersonal(id);
    expect(sealed).not.toContain(id);
    expect(sealed).not.toBe(encryptPersonal(id)); // a fresh IV each time
    expect(decryptPersonal(sealed)).toBe(id);
    const tampered = sealed.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(() => decryptPersonal(tampered)).toThrow();
  });

  it('hashes lookups per purpose, stable for one value', () => {
    expect(lookupHash('id', 'x')).toBe(lookupHash('id', 'x'));
    expect(lookupHash('id', 'x')).not.toBe(lookupHash('sms', 'x'));
    expect(lookupHash('id', 'x')).toMatch(/^[0-9a-f]{64}$/);
  });
});
