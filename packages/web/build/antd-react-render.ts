/**
 * What the build gives for antd-mobile's `utils/unstable-render` (the render that its imperative
 * components use: Toast, Dialog, Modal, ImageViewer through `renderToBody`): React 19's `createRoot`
 * from the start. antd-mobile 5's own default is rc-util's legacy `ReactDOM.render`, which React 19 no
 * longer has, so the shop used to call `unstableSetRender` before its first render; that import put
 * rc-util's render and Babel's regenerator runtime (2.9 KB gzip) on every first screen for a render
 * that only the lazily loaded dialogs use. `unstableSetRender` keeps its signature (the web tests set
 * their own).
 */
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';

type UnmountType = () => Promise<void> | void;
export type RenderType = (node: ReactElement, container: Element | DocumentFragment) => UnmountType;

const createRootRender: RenderType = (node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => {
    // After the closing animation's last frame has been committed.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
};

let current = createRootRender;

export function unstableSetRender(render?: RenderType): RenderType {
  if (render) current = render;
  return current;
}
