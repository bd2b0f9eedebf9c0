/** Mini-program users, one each for wx, ks and dy (SPEC §3). A plain browser uses the wx entry. */
import { createPersistedStore } from './persist';
import { field, group, isText, isWhole, type Value } from './stored';

const miniUser = group({
  openId: field(isText, ''),
  promoCode: field(isText, ''),
  nickname: field(isText, ''),
  headPortrait: field(isText, ''),
  indexFirstGroup: field(isWhole, 0),
  bd_vid: field(isText, ''),
  iotSimAddressId: field(isWhole, 0),
  selectAddressBackPath: field(isText, ''),
});
export type MiniUser = Value<typeof miniUser>;
export type MiniPlatform = 'wx' | 'ks' | 'dy';

const miniUsersShape = group({ wx: miniUser, ks: miniUser, dy: miniUser });

/** The mini-user of the platform the page runs in. */
export function currentMiniPlatform(
  userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): MiniPlatform {
  if (/Kwai|Kuaishou/i.test(userAgent)) return 'ks';
  if (/aweme|ToutiaoMicroApp|Douyin/i.test(userAgent)) return 'dy';
  return 'wx';
}

export const useMiniUsersStore = createPersistedStore('miniUsers', miniUsersShape, (set, get) => ({
  patchMiniUser: (platform: MiniPlatform, patch: Partial<MiniUser>) =>
    set({ [platform]: { ...get()[platform], ...patch } } as Partial<Value<typeof miniUsersShape>>),
}));
