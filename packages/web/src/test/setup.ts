/** Web unit-test setup: antd-mobile's React 19 render patch, so Toast and Dialog really mount. */
import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';

unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});
