/** Dictionary options by type (SPEC §3), loaded once per app start. */
import { dictOption } from '@haoka/contract';
import { z } from 'zod';
import { createPersistedStore } from './persist';

export const dictionarySchema = z.object({
  options: z.record(z.string(), z.array(dictOption)).catch({}),
  loadedAt: z.number().catch(0),
});

export const useDictionaryStore = createPersistedStore(
  'dictionary',
  dictionarySchema,
  () => ({ options: {}, loadedAt: 0 }),
  (set, get) => ({
    setOptions: (options: Record<string, z.infer<typeof dictOption>[]>) =>
      set({ options: { ...get().options, ...options }, loadedAt: Date.now() }),
  }),
);
