/**
 * What the build gives for `resize-observer-polyfill` (ahooks' `useSize`, which antd-mobile uses): the
 * browser's own ResizeObserver. Every browser the build targets (ES2020: Chrome 80, Safari 14, WeChat's
 * X5/XWeb) has it, so the polyfill's 13 KB were dead weight on the first screen (docs/performance.md).
 * The web tests (jsdom has no ResizeObserver) keep the polyfill.
 */
export default globalThis.ResizeObserver;
