/**
 * A page may replace its route's header title with one it learns at run time (an article's title, the
 * web view's ?title=). The shell shows the override while the page that set it is mounted.
 */
import { useEffect } from 'react';
import { create } from 'zustand';

export const usePageTitleStore = create<{ title: string }>(() => ({ title: '' }));

/** Shows `title` (when non-empty) in the header while the calling page is mounted. */
export function usePageTitle(title: string | undefined | null): void {
  useEffect(() => {
    if (!title) return;
    usePageTitleStore.setState({ title });
    return () => {
      if (usePageTitleStore.getState().title === title) usePageTitleStore.setState({ title: '' });
    };
  }, [title]);
}
