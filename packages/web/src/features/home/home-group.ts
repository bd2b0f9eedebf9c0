/**
 * The home's group tab (SCREENS §1): the mini-user's choice if above 0, else the site front's, else 2
 * (spec §4, `effectiveFirstGroup`). A query `indexFirstGroup=1|2` (from the 30001/32001 dialogs) wins
 * and is saved to the current mini-user, like a tab tap.
 */
import { effectiveFirstGroup, NumberGroup } from '@haoka/contract';
import { useEffect, useRef } from 'react';
import { useCacheStore } from '../../stores/cache';
import { currentMiniPlatform, useMiniUsersStore } from '../../stores/mini-users';

export type HomeGroup = 1 | 2;

export function parseGroup(value: unknown): HomeGroup | null {
  const n = Number(value);
  return n === NumberGroup.VANITY || n === NumberGroup.GOODS ? n : null;
}

export function saveGroup(group: HomeGroup): void {
  useMiniUsersStore.getState().patchMiniUser(currentMiniPlatform(), { indexFirstGroup: group });
  useCacheStore.getState().patchFilter({ indexFirstGroup: group });
}

/**
 * The group to show. The query's group is saved once per value, so a later tab tap still switches
 * although the URL keeps `indexFirstGroup`.
 */
export function useHomeGroup(frontGroup: number | undefined, queryGroup: string | undefined): HomeGroup {
  const platform = currentMiniPlatform();
  const userGroup = useMiniUsersStore((s) => s[platform].indexFirstGroup);
  const override = parseGroup(queryGroup);
  const saved = useRef<HomeGroup | null>(null);
  useEffect(() => {
    if (override && saved.current !== override) {
      saved.current = override;
      saveGroup(override);
    }
  }, [override]);
  if (override && saved.current !== override) return override;
  return parseGroup(effectiveFirstGroup(userGroup, frontGroup)) ?? NumberGroup.GOODS;
}
