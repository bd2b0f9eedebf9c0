/** antd-mobile's Popup and ActionSheet as a module of their own, for components/lazy-popup.tsx to load on first use. */
export { ActionSheet, Popup } from 'antd-mobile';
