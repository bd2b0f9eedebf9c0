/** Mini-program users, one each for wx, ks and dy (SPEC §3). A plain browser uses the wx entry. */
import * as z from 'zod/mini';
import { createPersistedStore } from './persist';

export const miniUserSchema = z.object({
  openId: z.catch(z.string(), ''),
  promoCode: z.catch(z.string(), ''),
  nickname: z.catch(z.string(), ''),
  headPortrait: z.catch(z.string(), ''),
  indexFirstGroup: z.catch(z.int(), 0),
  bd_vid: z.catch(z.string(), ''),
  iotSimAddressId: z.catch(z.int(), 0),
  selectAddressBackPath: z.catch(z.string(), ''),
});
export type MiniUser = z.infer<typeof miniUserSchema>;
export type MiniPlatform = 'wx' | 'ks' | 'dy';

const emptyMiniUser = (): MiniUser => ({
  openId: '',
  promoCode: '',
  nickname: '',
  headPortrait: '',
  indexFirstGroup: 0,
  bd_vid: '',
  iotSimAddressId: 0,
  selectAddressBackPath: '',
});

export const miniUsersSchema = z.object({
  wx: z.catch(miniUserSchema, emptyMiniUser),
  ks: z.catch(miniUserSchema, emptyMiniUser),
  dy: z.catch(miniUserSchema, emptyMiniUser),
});

/** The mini-user of the platform the page runs in. */
export function currentMiniPlatform(
  userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): MiniPlatform {
  if (/Kwai|Kuaishou/i.test(userAgent)) return 'ks';
  if (/aweme|ToutiaoMicroApp|Douyin/i.test(userAgent)) return 'dy';
  return 'wx';
}

export const useMiniUsersStore = createPersistedStore(
  'miniUsers',
  miniUsersSchema,
  () => ({ wx: emptyMiniUser(), ks: emptyMiniUser(), dy: emptyMiniUser() }),
  (set, get) => ({
    patchMiniUser: (platform: MiniPlatform, patch: Partial<MiniUser>) =>
      set({ [platform]: { ...get()[platform], ...patch } } as Partial<z.infer<typeof miniUsersSchema>>),
  }),
);
