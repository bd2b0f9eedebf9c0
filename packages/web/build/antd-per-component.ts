/**
 * Imports antd-mobile per component, and its icon package per icon, in the build: `import { Button, Toast }
 * from 'antd-mobile'` becomes `import Button from 'antd-mobile/es/components/button'` and so on, which is
 * what antd-mobile's own docs recommend for bundle size. Each package index imports every module it
 * names, so without this the bundler counts each of them as loaded by every importer, and the first
 * screen's chunk grouping (build/chunks.ts) could not tell what a screen really uses: every icon any page
 * drew went to the shared `common` file that the shop's home loads (docs/performance.md). The icons are
 * rewritten in antd-mobile's own modules too, which import them from the icon package's index, and so are
 * the ahooks hooks antd-mobile imports from ahooks' index (each hook any antd-mobile component used had
 * counted as used by all of them: `useClickAway`, `useSize`, lodash's `throttle` went to `common`). The
 * source keeps the readable named imports; the web tests import the indexes as before.
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
export type PerModulePackage = 'antd-mobile' | 'antd-mobile-icons' | 'ahooks';

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

/**
 * The exports of an index that imports each module and exports them in one list (ahooks' `es/index.js`:
 * `import useSize from './useSize'; import { createUpdateEffect } from './createUpdateEffect'; export {
 * useSize, createUpdateEffect }`).
 */
export function readImportedExports(indexSource: string, pkg: PerModulePackage): Map<string, AntdExport> {
  const imported = new Map<string, AntdExport>();
  for (const [, name = '', from = ''] of indexSource.matchAll(/import\s+(\w+)\s+from\s*'\.\/([^']+)'/g))
    imported.set(name, { path: `${pkg}/es/${from}`, isDefault: true });
  for (const [, names = '', from = ''] of indexSource.matchAll(/import\s*\{([^}]+)\}\s*from\s*'\.\/([^']+)'/g))
    for (const name of names.split(',').map((n) => n.trim()))
      if (name) imported.set(name, { path: `${pkg}/es/${from}`, isDefault: false });
  const exports = new Map<string, AntdExport>();
  for (const [, list = ''] of indexSource.matchAll(/export\s*\{([^}]+)\}\s*;/g))
    for (const name of list.split(',').map((n) => n.trim())) {
      const found = imported.get(name);
      if (found) exports.set(name, found);
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
  const index = readFileSync(join(root, 'es/index.js'), 'utf8');
  return pkg === 'ahooks' ? readImportedExports(index, pkg) : readAntdExports(index, pkg);
}

/** antd-mobile-icons' icon modules, one per icon. */
export const ICON_MODULE = /[\\/]node_modules[\\/]antd-mobile-icons[\\/]es[\\/][A-Z]\w+\.js$/;

/**
 * One icon module of antd-mobile-icons as the browser needs it: the same component drawing the same
 * picture, without what its generator left in (an `id` on every element, named in Chinese after the
 * design file's layers; an invisible (opacity 0) 48×48 rect; the `xlink` namespace, which no icon uses) and with its
 * path coordinates to a tenth of the 48-unit box (1/480 of the icon, under a hundredth of a pixel at the
 * shop's sizes) instead of seven decimals: 30–40% of each icon's bytes (docs/performance.md).
 */
export function slimIcon(code: string): string {
  return (
    code
      // An id with the comma after it, or, as an object's last field, with the one before it, or alone.
      .replace(/\s*\bid: "[^"]*",/g, '')
      .replace(/,\s*\bid: "[^"]*"/g, '')
      .replace(/\{\s*\bid: "[^"]*"\s*\}/g, '{}')
      .replace(/,\s*xmlnsXlink: "[^"]*"/g, '')
      .replace(
        /\/\*#__PURE__\*\/React\.createElement\("rect", \{\s*fill: "#[0-9A-Fa-f]+",\s*opacity: 0,\s*x: 0,\s*y: 0,\s*width: 48,\s*height: 48\s*\}\),\s*/g,
        '',
      )
      .replace(
        /\bd: "([^"]*)"/g,
        (_all, path: string) => `d: "${path.replace(/-?\d*\.\d+/g, (n) => String(Math.round(Number(n) * 10) / 10))}"`,
      )
  );
}

export function antdPerComponent(): Plugin {
  const components = readPackageExports('antd-mobile');
  const icons = readPackageExports('antd-mobile-icons');
  const hooks = readPackageExports('ahooks');
  return sourceTransform('haoka:antd-per-component', (code, id) => {
    if (ICON_MODULE.test(id)) return slimIcon(code);
    const ours = !id.includes('/node_modules/');
    if (!ours && !id.includes('/node_modules/antd-mobile/')) return null;
    const withIcons = rewriteAntdImports(code, icons, id, 'antd-mobile-icons') ?? code;
    if (ours) return rewriteAntdImports(withIcons, components, id) ?? withIcons;
    return rewriteAntdImports(withIcons, hooks, id, 'ahooks') ?? withIcons;
  });
}
