#!/usr/bin/env node
/**
 * `npm start`: builds when the build is missing or older than the sources, then serves the shop and the
 * staff console (the server migrates and seeds an empty database itself). Honours PORT, HOST,
 * DATABASE_URL, REDIS_URL.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUTS = ['packages/server/dist/main.js', 'packages/web/dist/index.html', 'packages/admin/dist/index.html'].map(
  (p) => join(ROOT, p),
);
const SOURCES = [
  'packages/contract/src',
  'packages/server/src',
  'packages/web/src',
  'packages/web/public/static',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/admin/src',
  'packages/admin/index.html',
  'packages/admin/vite.config.ts',
  'package-lock.json',
].map((p) => join(ROOT, p));

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

const built = OUTPUTS.every(existsSync) ? Math.min(...OUTPUTS.map((p) => statSync(p).mtimeMs)) : 0;
if (built === 0 || Math.max(...SOURCES.map(newest)) > built) {
  console.log('Building Haoka…');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [join(ROOT, 'packages/server/dist/main.js'), 'serve'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
