/**
 * The shop's ErrorBlock: antd-mobile's, with its four pictures as files (public/static/error-block/, drawn
 * from antd-mobile's by scripts/error-block-images.mjs). antd-mobile's own draws them in 38 KB of code that
 * every first screen downloaded (the page loader's error state needs it); as files the browser loads one
 * only when a page shows it (docs/performance.md). The picture is decorative: the title says what it
 * shows. Lint (biome.json) keeps antd-mobile's ErrorBlock out of the shop.
 */
import { createErrorBlock } from 'antd-mobile';

const picture = (name: 'default' | 'disconnected' | 'empty' | 'busy') => (
  <img src={`${import.meta.env.BASE_URL}static/error-block/${name}.svg`} alt="" />
);

export const ErrorBlock = createErrorBlock({
  default: picture('default'),
  disconnected: picture('disconnected'),
  empty: picture('empty'),
  busy: picture('busy'),
});
