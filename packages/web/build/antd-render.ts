/**
 * Resolves antd-mobile's `utils/unstable-render` (imported by its `renderToBody` and its index) to the
 * shop's React 19 render (build/antd-react-render.ts), for the build and the first views' SSR alike.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const REACT_RENDER = fileURLToPath(new URL('./antd-react-render.ts', import.meta.url));

export function antdReactRender(): Plugin {
  return {
    name: 'haoka-antd-react-render',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && /[\\/]antd-mobile[\\/]es[\\/]/.test(importer) && /(?:^|\/)unstable-render(?:\.js)?$/.test(source))
        return REACT_RENDER;
      return null;
    },
  };
}

const DEFAULT_LOCALE_ID = '\0haoka-antd-default-locale';

/**
 * antd-mobile's global config starts with its Chinese texts (`config-provider.js` imports
 * `locales/zh-CN`), which every first screen then downloaded (0.6 KB gzip) whatever its language. The app
 * sets the active locale's texts before its first render (i18n/index.ts `applyAntdLocale`, from the
 * locale's own file), so in the build that start is antd-mobile's base locale, which every locale's texts
 * extend and so load anyway.
 */
export function antdDefaultLocale(): Plugin {
  return {
    name: 'haoka-antd-default-locale',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        importer &&
        /[\\/]antd-mobile[\\/]es[\\/]components[\\/]config-provider[\\/]config-provider\.js$/.test(importer) &&
        source === '../../locales/zh-CN'
      )
        return DEFAULT_LOCALE_ID;
      return null;
    },
    load(id) {
      return id === DEFAULT_LOCALE_ID ? "export { base as default } from 'antd-mobile/es/locales/base';\n" : null;
    },
  };
}

/** antd-mobile's global stylesheet (its theme's variables), which `main.tsx` imports. */
export const ANTD_GLOBAL_CSS = /[\\/]antd-mobile[\\/]es[\\/]global[\\/]global\.css$/;

/** The stylesheet without its dark theme's variables (`html[data-prefers-color-scheme='dark'] {…}`). */
export function withoutDarkTheme(css: string): string {
  return css.replace(/html\[data-prefers-color-scheme='dark'\]\s*\{[^}]*\}\s*/g, '');
}

/**
 * The shop is drawn in its light theme only (theme.css; nothing sets antd-mobile's
 * `data-prefers-color-scheme`), so in the build antd-mobile's global stylesheet leaves out its dark
 * theme's variables, a quarter of a kilobyte of every first screen. Fails the build when the block is
 * not found, so that a new antd-mobile is looked at again.
 */
export function antdLightOnly(): Plugin {
  return {
    name: 'haoka-antd-light-only',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!ANTD_GLOBAL_CSS.test(id)) return null;
      const out = withoutDarkTheme(code);
      if (out === code) throw new Error(`${id}: no dark theme block to leave out`);
      return { code: out, map: null };
    },
  };
}
