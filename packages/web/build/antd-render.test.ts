import { describe, expect, it } from 'vitest';
import { antdReactRender, REACT_RENDER } from './antd-render';

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
