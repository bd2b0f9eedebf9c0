/**
 * Imports antd-mobile per component in the build: `import { Button, Toast } from 'antd-mobile'` becomes
 * `import Button from 'antd-mobile/es/components/button'` and so on, which is what antd-mobile's own
 * docs recommend for bundle size. The package index also imports every component, so without this the
 * bundler counts each of them as loaded by the first screen, and the first screen's chunk grouping
 * (build/chunks.ts) could not tell what that screen really uses. The source keeps the readable named
 * imports; the web tests import the index as before.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

export interface AntdExport {
  /** Module path to import from, e.g. `antd-mobile/es/components/button`. */
  path: string;
  /** Whether the name is that module's default export. */
  isDefault: boolean;
}

/** The named exports of antd-mobile's index (`export { default as X } from './components/x'`). */
export function readAntdExports(indexSource: string): Map<string, AntdExport> {
  const exports = new Map<string, AntdExport>();
  for (const [, specs = '', from = ''] of indexSource.matchAll(/export\s*\{([^}]+)\}\s*from\s*'\.\/([^']+)'/g)) {
    for (const spec of specs.split(',')) {
      const [imported = '', local = imported] = spec.trim().split(/\s+as\s+/);
      if (!imported) continue;
      exports.set(local, { path: `antd-mobile/es/${from}`, isDefault: imported === 'default' });
    }
  }
  return exports;
}

const INDEX_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])antd-mobile\2;?/g;

/**
 * Rewrites the index imports of one module's (already type-stripped) code; null when it has none.
 * Throws on a name antd-mobile does not export, so a typo fails the build instead of the page.
 */
export function rewriteAntdImports(code: string, exports: Map<string, AntdExport>, id: string): string | null {
  if (!code.includes('antd-mobile')) return null;
  let changed = false;
  const out = code.replace(INDEX_IMPORT, (_all, specs: string) => {
    changed = true;
    return specs
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((spec) => {
        const [imported = '', local = imported] = spec.split(/\s+as\s+/).map((s) => s.trim());
        const target = exports.get(imported);
        if (!target) throw new Error(`antd-mobile has no export ${imported} (imported by ${id})`);
        return target.isDefault
          ? `import ${local} from '${target.path}';`
          : `import { ${imported} as ${local} } from '${target.path}';`;
      })
      .join('\n');
  });
  return changed ? out : null;
}

export function antdPerComponent(): Plugin {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('antd-mobile/package.json'));
  const exports = readAntdExports(readFileSync(join(root, 'es/index.js'), 'utf8'));
  return {
    name: 'haoka:antd-per-component',
    apply: 'build',
    // After the TypeScript transform, so type-only names are gone.
    enforce: 'post',
    transform(code, id) {
      if (id.includes('/node_modules/')) return null;
      const out = rewriteAntdImports(code, exports, id);
      return out === null ? null : { code: out, map: null };
    },
  };
}
