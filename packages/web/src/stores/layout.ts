/** Layout state (SPEC §3): sessions, the anonymous buyer key, promoter and page context. */
import { z } from 'zod';
import { createPersistedStore } from './persist';

/** 32 random lowercase hex characters (SPEC §3 orderSessionId). */
export function randomHex32(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const layoutSchema = z.object({
  sessionId: z.string().catch(''),
  orderSessionId: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .catch(() => randomHex32()),
  platformOpenId: z.string().catch(''),
  promoCode: z.string().catch(''),
  pageCode: z.string().catch(''),
  pageOptions: z.record(z.string(), z.string()).catch({}),
  appShowOptions: z
    .object({
      path: z.string().catch(''),
      query: z.record(z.string(), z.string()).catch({}),
      scene: z.string().catch(''),
    })
    .catch({ path: '', query: {}, scene: '' }),
  lockBodyScroll: z.boolean().catch(false),
  goodsShowedPopup: z.boolean().catch(false),
  singlePopupPrevent: z.record(z.string(), z.boolean()).catch({}),
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
