import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.js';
import { isSupportedNode, SUPPORTED_NODE, unsupportedNodeLine } from './runtime.js';
import { assertBuilt, MAIN_JS } from './test/server-process.js';

describe('the supported Node.js versions', () => {
  it('are the root package.json engines range', () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(manifest.engines.node).toBe(SUPPORTED_NODE);
  });

  it('are 22 from 22.14 (Node-API 10), and 24 or newer', () => {
    for (const version of ['v22.14.0', 'v22.23.3', 'v24.0.0', 'v24.21.0', 'v26.10.0', '24.21.0']) {
      expect(isSupportedNode(version), version).toBe(true);
    }
    for (const version of ['v18.20.8', 'v20.19.0', 'v20.20.2', 'v22.13.1', 'v22.5.0', 'v23.11.1', 'v21.7.3']) {
      expect(isSupportedNode(version), version).toBe(false);
    }
  });

  it('this test runs on one of them', () => {
    expect(unsupportedNodeLine(process.version)).toBeUndefined();
  });

  it('the built server started on Node.js 20 stops with one line naming the range and the way out', () => {
    assertBuilt('runtime-guard.ts');
    // The Node running this test, made to report 20.20.2 before main.js loads.
    const pretend20 = 'data:text/javascript,Object.defineProperty(process,"version",{value:"v20.20.2"})';
    for (const argv of [['serve'], ['migrate'], ['--help']]) {
      const run = spawnSync(process.execPath, ['--import', pretend20, MAIN_JS, ...argv], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status, argv.join(' ')).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(`${unsupportedNodeLine('v20.20.2')}\n`);
      expect(run.stderr).toMatch(
        /^Haoka needs Node\.js \^22\.14\.0 \|\| >=24 .* this is Node\.js v20\.20\.2: .*npm start/,
      );
    }
  });
});
