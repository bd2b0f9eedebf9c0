/** antd-mobile's Popup as a module of its own, for components/lazy-popup.tsx to load on first use. */
export { Popup as default } from 'antd-mobile';
