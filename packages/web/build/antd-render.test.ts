import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ANTD_GLOBAL_CSS, antdDefaultLocale, antdReactRender, REACT_RENDER, withoutDarkTheme } from './antd-render';

describe("antd-mobile's render in the build", () => {
  const resolve = (source: string, importer?: string) => {
    const hook = antdReactRender().resolveId as (source: string, importer?: string) => string | null;
    return hook(source, importer);
  };

  it("is the shop's React 19 render wherever antd-mobile imports its unstable render", () => {
    expect(resolve('./unstable-render', '/app/node_modules/antd-mobile/es/utils/render-to-body.js')).toBe(REACT_RENDER);
    expect(resolve('./utils/unstable-render', '/app/node_modules/antd-mobile/es/index.js')).toBe(REACT_RENDER);
  });

  it('leaves every other import alone', () => {
    expect(resolve('./render', '/app/node_modules/antd-mobile/es/utils/unstable-render.js')).toBeNull();
    expect(resolve('./unstable-render', '/app/packages/web/src/main.tsx')).toBeNull();
    expect(resolve('./unstable-render')).toBeNull();
  });
});

describe("antd-mobile's starting locale in the build", () => {
  const plugin = antdDefaultLocale();
  const resolve = plugin.resolveId as (source: string, importer?: string) => string | null;
  const load = plugin.load as (id: string) => string | null;
  const configProvider = '/app/node_modules/antd-mobile/es/components/config-provider/config-provider.js';

  it("is antd-mobile's base locale, which every locale's texts extend, not its Chinese texts", () => {
    const id = resolve('../../locales/zh-CN', configProvider);
    expect(id).toBeTruthy();
    expect(load(id as string)).toBe("export { base as default } from 'antd-mobile/es/locales/base';\n");
    // What it stands for: the config provider's own import, and the base locale's named export.
    const require = createRequire(import.meta.url);
    expect(
      readFileSync(require.resolve('antd-mobile/es/components/config-provider/config-provider.js'), 'utf8'),
    ).toContain("import zhCN from '../../locales/zh-CN';");
    expect(readFileSync(require.resolve('antd-mobile/es/locales/base.js'), 'utf8')).toMatch(/export const base = /);
  });

  it('leaves the catalogue’s own Chinese texts alone', () => {
    expect(resolve('antd-mobile/es/locales/zh-CN', '/app/packages/web/src/i18n/catalogue.ts')).toBeNull();
    expect(
      resolve('../../locales/zh-CN', '/app/node_modules/antd-mobile/es/components/calendar/calendar.js'),
    ).toBeNull();
  });
});

describe("antd-mobile's global stylesheet in the build", () => {
  it('leaves out the dark theme, which nothing in the shop turns on, and keeps the rest', () => {
    const require = createRequire(import.meta.url);
    const file = require.resolve('antd-mobile/es/global/global.css');
    expect(ANTD_GLOBAL_CSS.test(file)).toBe(true);
    const css = readFileSync(file, 'utf8');
    const light = withoutDarkTheme(css);
    expect(css).toContain("html[data-prefers-color-scheme='dark']");
    expect(light).not.toContain('prefers-color-scheme');
    expect(light).toContain('--adm-color-primary: #1677ff;');
    expect(light).toContain('body {');
    expect(css.length - light.length).toBeGreaterThan(500);
  });
});
