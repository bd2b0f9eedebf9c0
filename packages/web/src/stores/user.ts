/** Stored shopper (SPEC §3): logged in means mobile is non-empty. */
import * as z from 'zod/mini';
import { createPersistedStore } from './persist';

export const userSchema = z.object({
  nickname: z.catch(z.string(), ''),
  avatar: z.catch(z.string(), ''),
  mobile: z.catch(z.string(), ''),
});
type User = z.infer<typeof userSchema>;

export const useUserStore = createPersistedStore(
  'user',
  userSchema,
  (): User => ({ nickname: '', avatar: '', mobile: '' }),
  (set) => ({
    setUser: (user: User) => set(user),
    clearUser: () => set({ nickname: '', avatar: '', mobile: '' }),
  }),
);

export const isLoggedIn = (user: Pick<User, 'mobile'>) => user.mobile !== '';
