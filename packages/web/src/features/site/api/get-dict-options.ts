/** POST /api/dictData/options: every dictionary type the app uses, once per app start. */
import { DICT_TYPES, type DictOption, shopApi } from '@haoka/contract';
import { request } from '../../../platform/request';
import { useDictionaryStore } from '../../../stores/dictionary';

let loading: Promise<void> | null = null;

export function loadDictionary(): Promise<void> {
  loading ??= request(shopApi.getDictOptions, { types: [...DICT_TYPES] }, { hideError: true })
    .then((options) => useDictionaryStore.getState().setOptions(options))
    .catch(() => {
      loading = null;
    });
  return loading;
}

/** One shared empty list: a selector must return a stable value, or zustand re-renders without end. */
const NO_OPTIONS: DictOption[] = [];

/** Options of one type from the stored dictionary. */
export function useDictOptions(type: string) {
  return useDictionaryStore((s) => s.options[type] ?? NO_OPTIONS);
}
