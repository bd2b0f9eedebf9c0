/** Stored shopper (SPEC §3): logged in means mobile is non-empty. */
import { createPersistedStore } from './persist';
import { field, group, isText, type Value } from './stored';

const userShape = group({
  nickname: field(isText, ''),
  avatar: field(isText, ''),
  mobile: field(isText, ''),
});
type User = Value<typeof userShape>;

export const useUserStore = createPersistedStore('user', userShape, (set) => ({
  setUser: (user: User) => set(user),
  clearUser: () => set({ nickname: '', avatar: '', mobile: '' }),
}));

export const isLoggedIn = (user: Pick<User, 'mobile'>) => user.mobile !== '';
