/** Dictionary options by type (SPEC §3), loaded once per app start. */
import type { DictOption } from '@haoka/contract';
import * as z from 'zod/mini';
import { createPersistedStore, storedAnswer } from './persist';

export const dictionarySchema = z.object({
  /** Options by dictionary type: the dictionary endpoint's answers. */
  options: z.catch(z.record(z.string(), z.array(storedAnswer<DictOption>())), {}),
  loadedAt: z.catch(z.number(), 0),
});

export const useDictionaryStore = createPersistedStore(
  'dictionary',
  dictionarySchema,
  () => ({ options: {}, loadedAt: 0 }),
  (set, get) => ({
    setOptions: (options: Record<string, DictOption[]>) =>
      set({ options: { ...get().options, ...options }, loadedAt: Date.now() }),
  }),
  (stored) => ({ ...stored, options: {}, loadedAt: 0 }),
);
