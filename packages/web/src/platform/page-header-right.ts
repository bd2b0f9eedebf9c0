/**
 * A page may put one control at the right of the shell's header (我的订单's 退出). The shell shows it while
 * the page that set it is mounted.
 */
import { type ReactNode, useEffect } from 'react';
import { create } from 'zustand';

export const usePageHeaderRightStore = create<{ right: ReactNode; owner: symbol | null }>(() => ({
  right: null,
  owner: null,
}));

/** Shows `right` in the header while the calling page is mounted; memoise it, it is set anew when it changes. */
export function usePageHeaderRight(right: ReactNode): void {
  useEffect(() => {
    const owner = Symbol('header-right');
    usePageHeaderRightStore.setState({ right, owner });
    return () => {
      if (usePageHeaderRightStore.getState().owner === owner) {
        usePageHeaderRightStore.setState({ right: null, owner: null });
      }
    };
  }, [right]);
}
