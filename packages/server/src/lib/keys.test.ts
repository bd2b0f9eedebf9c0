import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../config.js';
import { scratchDir } from '../test/scratch.js';
import { assertBuilt } from '../test/server-process.js';
import { loadSecrets } from './keys.js';
import { decryptPersonal, encryptPersonal, lookupHash } from './personal-data.js';

const dir = scratchDir('keys');
const run = promisify(execFile);

describe('secrets', () => {
  it('refuses to start in production without them, naming each', () => {
    expect(() => loadSecrets(loadConfig({ NODE_ENV: 'production' }))).toThrow(
      /DATA_KEY, DATA_LOOKUP_KEY, PAY_SANDBOX_SECRET/,
    );
  });

  it('production with a real payment provider needs no sandbox secret, and generates no key file', () => {
    const keyFile = join(dir, 'alipay-production', 'keys.json');
    const env = {
      NODE_ENV: 'production',
      KEY_FILE: keyFile,
      DATA_KEY: 'ab'.repeat(32),
      DATA_LOOKUP_KEY: 'cd'.repeat(32),
      PAYMENT_PROVIDER: 'alipay',
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_PRIVATE_KEY_FILE: join(dir, 'app.pem'),
      ALIPAY_PUBLIC_KEY_FILE: join(dir, 'alipay.pem'),
    };
    expect(loadSecrets(loadConfig(env))).toMatchObject({ sandboxSecret: '' });
    expect(existsSync(keyFile)).toBe(false);
  });

  it('generates a private key file outside production and reuses it', () => {
    const file = join(dir, 'keys.json');
    const first = loadSecrets(loadConfig({ KEY_FILE: file }));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadSecrets(loadConfig({ KEY_FILE: file }));
    expect(second.dataKey.equals(first.dataKey)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).sandboxSecret).toBe(first.sandboxSecret);
  });

  it('instances starting together on one new key file all get the same keys (built dist/)', async () => {
    assertBuilt('lib/keys.ts');
    const dist = join(REPO_ROOT, 'packages/server/dist');
    const script = `
      const { loadConfig } = await import(${JSON.stringify(pathToFileURL(join(dist, 'config.js')).href)});
      const { loadSecrets } = await import(${JSON.stringify(pathToFileURL(join(dist, 'lib/keys.js')).href)});
      process.stdout.write(loadSecrets(loadConfig({ KEY_FILE: process.argv[1] })).dataKey.toString('hex'));`;
    for (let round = 0; round < 5; round += 1) {
      const file = join(dir, `together-${round}`, 'keys.json');
      const keys = await Promise.all(
        Array.from({ length: 8 }, () =>
          run(process.execPath, ['--input-type=module', '-e', script, file]).then((r) => r.stdout),
        ),
      );
      expect(new Set(keys).size, `round ${round}: ${keys.join(' ')}`).toBe(1);
      expect(keys[0]).toBe(JSON.parse(readFileSync(file, 'utf8')).dataKey);
      expect(readdirSync(dirname(file))).toEqual(['keys.json']);
    }
  }, 60_000);

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
    const id = '110101199003071233';
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
