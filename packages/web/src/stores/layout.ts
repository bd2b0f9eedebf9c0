/** Layout state (SPEC §3): sessions, the anonymous buyer key, promoter and page context. */
import * as z from 'zod/mini';
import { createPersistedStore } from './persist';

/** 32 random lowercase hex characters (SPEC §3 orderSessionId). */
export function randomHex32(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const layoutSchema = z.object({
  sessionId: z.catch(z.string(), ''),
  orderSessionId: z.catch(z.string().check(z.regex(/^[0-9a-f]{32}$/)), () => randomHex32()),
  platformOpenId: z.catch(z.string(), ''),
  promoCode: z.catch(z.string(), ''),
  pageCode: z.catch(z.string(), ''),
  pageOptions: z.catch(z.record(z.string(), z.string()), {}),
  appShowOptions: z.catch(
    z.object({
      path: z.catch(z.string(), ''),
      query: z.catch(z.record(z.string(), z.string()), {}),
      scene: z.catch(z.string(), ''),
    }),
    { path: '', query: {}, scene: '' },
  ),
  lockBodyScroll: z.catch(z.boolean(), false),
  goodsShowedPopup: z.catch(z.boolean(), false),
  singlePopupPrevent: z.catch(z.record(z.string(), z.boolean()), {}),
});
type Layout = z.infer<typeof layoutSchema>;

export const useLayoutStore = createPersistedStore(
  'layout',
  layoutSchema,
  (): Layout => ({
    sessionId: '',
    orderSessionId: randomHex32(),
    platformOpenId: '',
    promoCode: '',
    pageCode: '',
    pageOptions: {},
    appShowOptions: { path: '', query: {}, scene: '' },
    lockBodyScroll: false,
    goodsShowedPopup: false,
    singlePopupPrevent: {},
  }),
  (set) => ({
    patchLayout: (patch: Partial<Layout>) => set(patch),
  }),
);
