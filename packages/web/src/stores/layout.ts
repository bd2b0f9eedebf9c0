/** Layout state (SPEC §3): sessions, the anonymous buyer key, promoter and page context. */
import { createPersistedStore } from './persist';
import { field, group, isFlag, isMatch, isText, recordOf, type Value } from './stored';

/** 32 random lowercase hex characters (SPEC §3 orderSessionId). */
export function randomHex32(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const layoutShape = group({
  sessionId: field(isText, ''),
  orderSessionId: field(isMatch(/^[0-9a-f]{32}$/), randomHex32),
  platformOpenId: field(isText, ''),
  promoCode: field(isText, ''),
  pageCode: field(isText, ''),
  pageOptions: field(recordOf(isText), {}),
  appShowOptions: group({
    path: field(isText, ''),
    query: field(recordOf(isText), {}),
    scene: field(isText, ''),
  }),
  lockBodyScroll: field(isFlag, false),
  goodsShowedPopup: field(isFlag, false),
  singlePopupPrevent: field(recordOf(isFlag), {}),
});
type Layout = Value<typeof layoutShape>;

export const useLayoutStore = createPersistedStore('layout', layoutShape, (set) => ({
  patchLayout: (patch: Partial<Layout>) => set(patch),
}));
