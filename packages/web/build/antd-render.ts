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
