/** Who is signed in: `me`, read once and kept by TanStack Query; null without a session. */
import { adminApi, roleMay, type StaffMe, type StaffPermission } from '@haoka/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { ApiError, request, setCsrfToken } from '../platform/request';

export const ME_KEY = ['admin', 'me'] as const;

async function fetchMe(): Promise<StaffMe | null> {
  try {
    const me = await request(adminApi.me);
    setCsrfToken(me.csrfToken);
    return me;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useMe() {
  return useQuery({ queryKey: ME_KEY, queryFn: fetchMe, staleTime: Number.POSITIVE_INFINITY, retry: false });
}

/** A sign-in, password change or sign-out: the new `me` (or none) for every page at once. */
export function storeMe(client: QueryClient, me: StaffMe | null): void {
  setCsrfToken(me?.csrfToken ?? '');
  client.setQueryData(ME_KEY, me);
}

/** Whether the signed-in member's role may do `permission` (the console hides what it may not). */
export function useMay(): (permission: StaffPermission) => boolean {
  const { data } = useMe();
  return (permission) => (data ? roleMay(data.role, permission) : false);
}
