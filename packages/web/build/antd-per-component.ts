/**
 * Imports antd-mobile per component, and its icon package per icon, in the build: `import { Button, Toast }
 * from 'antd-mobile'` becomes `import Button from 'antd-mobile/es/components/button'` and so on, which is
 * what antd-mobile's own docs recommend for bundle size. Each package index imports every module it
 * names, so without this the bundler counts each of them as loaded by every importer, and the first
 * screen's chunk grouping (build/chunks.ts) could not tell what a screen really uses: every icon any page
 * drew went to the shared `common` file that the shop's home loads (docs/performance.md). The icons are
 * rewritten in antd-mobile's own modules too, which import them from the icon package's index. The source
 * keeps the readable named imports; the web tests import the indexes as before.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { sourceTransform } from './object-literal';

export interface AntdExport {
  /** Module path to import from, e.g. `antd-mobile/es/components/button`. */
  path: string;
  /** Whether the name is that module's default export. */
  isDefault: boolean;
}

/** The packages imported per module. */
export type PerModulePackage = 'antd-mobile' | 'antd-mobile-icons';

/**
 * The named exports of a package's `es/index.js` (`export { default as X } from './components/x'`,
 * `export { default as AddOutline } from './AddOutline.js'`).
 */
export function readAntdExports(indexSource: string, pkg: PerModulePackage = 'antd-mobile'): Map<string, AntdExport> {
  const exports = new Map<string, AntdExport>();
  for (const [, specs = '', from = ''] of indexSource.matchAll(/export\s*\{([^}]+)\}\s*from\s*'\.\/([^']+)'/g)) {
    for (const spec of specs.split(',')) {
      const [imported = '', local = imported] = spec.trim().split(/\s+as\s+/);
      if (!imported) continue;
      exports.set(local, { path: `${pkg}/es/${from}`, isDefault: imported === 'default' });
    }
  }
  return exports;
}

const indexImport = (pkg: PerModulePackage) => new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*(['"])${pkg}\\2;?`, 'g');

/**
 * Rewrites the index imports of one package in one module's (already type-stripped) code; null when it
 * has none. Throws on a name the package does not export, so a typo fails the build instead of the page.
 */
export function rewriteAntdImports(
  code: string,
  exports: Map<string, AntdExport>,
  id: string,
  pkg: PerModulePackage = 'antd-mobile',
): string | null {
  if (!code.includes(pkg)) return null;
  let changed = false;
  const out = code.replace(indexImport(pkg), (_all, specs: string) => {
    changed = true;
    return specs
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((spec) => {
        const [imported = '', local = imported] = spec.split(/\s+as\s+/).map((s) => s.trim());
        const target = exports.get(imported);
        if (!target) throw new Error(`${pkg} has no export ${imported} (imported by ${id})`);
        return target.isDefault
          ? `import ${local} from '${target.path}';`
          : `import { ${imported} as ${local} } from '${target.path}';`;
      })
      .join('\n');
  });
  return changed ? out : null;
}

function readPackageExports(pkg: PerModulePackage): Map<string, AntdExport> {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve(`${pkg}/package.json`));
  return readAntdExports(readFileSync(join(root, 'es/index.js'), 'utf8'), pkg);
}

export function antdPerComponent(): Plugin {
  const components = readPackageExports('antd-mobile');
  const icons = readPackageExports('antd-mobile-icons');
  return sourceTransform('haoka:antd-per-component', (code, id) => {
    const ours = !id.includes('/node_modules/');
    if (!ours && !id.includes('/node_modules/antd-mobile/')) return null;
    const withIcons = rewriteAntdImports(code, icons, id, 'antd-mobile-icons') ?? code;
    return ours ? (rewriteAntdImports(withIcons, components, id) ?? withIcons) : withIcons;
  });
}
