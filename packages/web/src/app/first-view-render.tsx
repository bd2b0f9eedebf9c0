/**
 * Build time only (build/first-view.ts loads it in Node through Vite): a landing page's first view,
 * rendered by React's static rendering from the app itself (the shell and the route's page, as
 * main.tsx renders them) while none of its data has arrived: the header, the page's fixed parts and
 * its loading skeleton. `prerender` waits for the page's lazy code, so the view is the page's, not the
 * loading placeholder's.
 */
import { LOCALES, type Locale } from '@haoka/contract';
import { prerender } from 'react-dom/static';
import { initI18n, setLocale } from '../i18n';
import { createMemoryHistory } from '../platform/history';
import { RouterProvider } from '../platform/router';
import { useIotStore } from '../stores/iot';
import { createQueryClient, Providers } from './providers';
import { AppRoutes } from './router';

export { LOCALES };

/**
 * The card pages show a card's view only to a logged-in card; their first view is drawn for one whose
 * data has not arrived. Its number is never shown before the card's answer.
 */
const CARD_PLACEHOLDER = '0';

export async function renderFirstView(path: string, locale: Locale, { card = false } = {}): Promise<string> {
  await initI18n(locale);
  await setLocale(locale);
  // zustand's stores render on the server from their initial state, not their current one.
  Object.assign(useIotStore.getInitialState(), { simNo: card ? CARD_PLACEHOLDER : '' });
  const { prelude } = await prerender(
    <Providers client={createQueryClient()}>
      <RouterProvider history={createMemoryHistory(path)}>
        <AppRoutes />
      </RouterProvider>
    </Providers>,
    // One piece of HTML, every boundary inline: no streaming instructions (scripts) in the view.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
