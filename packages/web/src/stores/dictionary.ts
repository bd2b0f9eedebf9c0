/** Dictionary options by type (SPEC §3), loaded once per app start. */
import type { DictOption } from '@haoka/contract';
import { createPersistedStore } from './persist';
import { field, group, isAnswer, isNumber, listOf, recordOf } from './stored';

const dictionaryShape = group({
  /** Options by dictionary type: the dictionary endpoint's answers. */
  options: field(recordOf(listOf(isAnswer<DictOption>())), {}),
  loadedAt: field(isNumber, 0),
});

export const useDictionaryStore = createPersistedStore(
  'dictionary',
  dictionaryShape,
  (set, get) => ({
    setOptions: (options: Record<string, DictOption[]>) =>
      set({ options: { ...get().options, ...options }, loadedAt: Date.now() }),
  }),
  (stored) => ({ ...stored, options: {}, loadedAt: 0 }),
);
