import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { ICON_MODULE, readAntdExports, readImportedExports, rewriteAntdImports, slimIcon } from './antd-per-component';

const require = createRequire(import.meta.url);
const exports = readAntdExports(readFileSync(require.resolve('antd-mobile/es/index.js'), 'utf8'));
const icons = readAntdExports(
  readFileSync(require.resolve('antd-mobile-icons/es/index.js'), 'utf8'),
  'antd-mobile-icons',
);
const hooks = readImportedExports(readFileSync(require.resolve('ahooks/es/index.js'), 'utf8'), 'ahooks');

describe('antd-mobile per-component imports', () => {
  it('reads the index: default exports of component folders and plain named exports', () => {
    expect(exports.get('Button')).toEqual({ path: 'antd-mobile/es/components/button', isDefault: true });
    expect(exports.get('PullToRefresh')).toEqual({
      path: 'antd-mobile/es/components/pull-to-refresh',
      isDefault: true,
    });
    expect(exports.get('unstableSetRender')).toEqual({
      path: 'antd-mobile/es/utils/unstable-render',
      isDefault: false,
    });
    expect(exports.size).toBeGreaterThan(80);
  });

  it('every name resolves to a module that exports it', () => {
    for (const [name, { path, isDefault }] of exports) {
      const source = readFileSync(require.resolve(path), 'utf8');
      expect(source, name).toMatch(
        isDefault ? /export default / : new RegExp(`export (function|const) ${name}\\b|export \\{[^}]*\\b${name}\\b`),
      );
    }
  });

  it('rewrites one index import into one import per component, keeping local names', () => {
    const code = "import { Button, Toast as T, unstableSetRender } from 'antd-mobile';\nButton; T;";
    expect(rewriteAntdImports(code, exports, 'a.tsx')).toBe(
      [
        "import Button from 'antd-mobile/es/components/button';",
        "import T from 'antd-mobile/es/components/toast';",
        "import { unstableSetRender as unstableSetRender } from 'antd-mobile/es/utils/unstable-render';",
        'Button; T;',
      ].join('\n'),
    );
  });

  it('handles imports over several lines and leaves other modules alone', () => {
    const code = 'import {\n  Dialog,\n  List,\n} from "antd-mobile"\nimport { x } from \'antd-mobile-icons\';';
    expect(rewriteAntdImports(code, exports, 'b.tsx')).toBe(
      "import Dialog from 'antd-mobile/es/components/dialog';\nimport List from 'antd-mobile/es/components/list';\nimport { x } from 'antd-mobile-icons';",
    );
    expect(rewriteAntdImports("import { x } from 'antd-mobile-icons';", exports, 'c.tsx')).toBeNull();
  });

  it('fails the build on a name antd-mobile does not export', () => {
    expect(() => rewriteAntdImports("import { Buton } from 'antd-mobile';", exports, 'd.tsx')).toThrow(/Buton.*d\.tsx/);
  });

  it('reads the icon index: one module per icon, each exporting it by default', () => {
    expect(icons.get('AddOutline')).toEqual({ path: 'antd-mobile-icons/es/AddOutline.js', isDefault: true });
    expect(icons.size).toBeGreaterThan(100);
    for (const [name, { path }] of icons) {
      expect(readFileSync(require.resolve(path), 'utf8'), name).toMatch(/export default /);
    }
  });

  it('rewrites icon imports one per icon, and leaves the components index to its own rewrite', () => {
    const code =
      "import { Button } from 'antd-mobile';\nimport { AddOutline, CloseOutline as Close } from 'antd-mobile-icons';";
    expect(rewriteAntdImports(code, icons, 'e.tsx', 'antd-mobile-icons')).toBe(
      [
        "import { Button } from 'antd-mobile';",
        "import AddOutline from 'antd-mobile-icons/es/AddOutline.js';",
        "import Close from 'antd-mobile-icons/es/CloseOutline.js';",
      ].join('\n'),
    );
    expect(() =>
      rewriteAntdImports("import { AddOutlin } from 'antd-mobile-icons';", icons, 'f.tsx', 'antd-mobile-icons'),
    ).toThrow(/antd-mobile-icons has no export AddOutlin.*f\.tsx/);
  });

  it("reads ahooks' index (each hook imported, then exported in one list), for antd-mobile's own imports", () => {
    expect(hooks.get('useClickAway')).toEqual({ path: 'ahooks/es/useClickAway', isDefault: true });
    expect(hooks.get('createUpdateEffect')).toEqual({ path: 'ahooks/es/createUpdateEffect', isDefault: false });
    for (const [name, { path, isDefault }] of hooks) {
      const source = readFileSync(require.resolve(`${path}/index.js`), 'utf8');
      expect(source, name).toMatch(
        isDefault ? /export default / : new RegExp(`export (var|const|function) ${name}\\b`),
      );
    }
    // Every hook antd-mobile imports is read, so its modules import each from its own file.
    const used = new Set<string>();
    const root = require.resolve('antd-mobile/es/index.js').replace(/index\.js$/, '');
    for (const file of readdirSync(root, { recursive: true }) as string[]) {
      if (!file.endsWith('.js')) continue;
      for (const [, names = ''] of readFileSync(`${root}${file}`, 'utf8').matchAll(
        /import\s*\{([^}]*)\}\s*from\s*'ahooks'/g,
      ))
        for (const name of names.split(',')) if (name.trim()) used.add(name.trim().split(/\s+as\s+/)[0] ?? '');
    }
    expect(used.size).toBeGreaterThan(10);
    for (const name of used) expect(hooks.has(name), name).toBe(true);
    expect(rewriteAntdImports("import { useSize, useMemoizedFn as m } from 'ahooks';", hooks, 'a.js', 'ahooks')).toBe(
      "import useSize from 'ahooks/es/useSize';\nimport m from 'ahooks/es/useMemoizedFn';",
    );
  });

  it('slims every icon module: the same drawing without ids, the invisible rect or seven decimals', () => {
    const numbers = (path: string) => path.match(/-?\d*\.?\d+/g)?.map(Number) ?? [];
    for (const [name, { path }] of icons) {
      const file = require.resolve(path);
      expect(ICON_MODULE.test(file), name).toBe(true);
      const source = readFileSync(file, 'utf8');
      const slim = slimIcon(source);
      expect(() => parseAst(slim), name).not.toThrow();
      expect(slim, name).not.toMatch(/\bid: "|xmlnsXlink|opacity: 0,/);
      expect(slim, name).toContain(`export default ${name};`);
      expect(slim, name).toContain("verticalAlign: '-0.125em'");
      const before = [...source.matchAll(/\bd: "([^"]*)"/g)].map((m) => numbers(m[1] ?? ''));
      const after = [...slim.matchAll(/\bd: "([^"]*)"/g)].map((m) => numbers(m[1] ?? ''));
      expect(after.length, name).toBe(before.length);
      after.forEach((values, i) => {
        expect(values.length, name).toBe(before[i]?.length);
        for (const [j, value] of values.entries()) {
          expect(Math.abs(value - (before[i]?.[j] ?? 0)), name).toBeLessThanOrEqual(0.05 + 1e-9);
        }
      });
      expect(slim.length, name).toBeLessThan(source.length);
    }
  });
});
