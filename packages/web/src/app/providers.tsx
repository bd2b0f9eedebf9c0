/** App-wide providers: the query cache (platform/query.tsx; answers are fresh for 30 s unless a query says otherwise). */
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '../platform/query';

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
}

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
