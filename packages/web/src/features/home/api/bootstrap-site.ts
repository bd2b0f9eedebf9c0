/**
 * Data initialisation of /pages/index/loadDomain (SCREENS §1): baseConfig → genericConfig → dictionary,
 * in that order, each stored. Unlike the shell's background loads, a failure here rejects, so the page
 * can offer 重试.
 */
import { DICT_TYPES, shopApi } from '@haoka/contract';
import { request } from '../../../platform/request';
import { useDictionaryStore } from '../../../stores/dictionary';
import { getBaseConfig } from '../../site/api/get-base-config';
import { getGenericConfig } from '../../site/api/get-generic-config';

export async function bootstrapSite(promoCode: string): Promise<void> {
  await getBaseConfig(promoCode);
  await getGenericConfig();
  const options = await request(shopApi.getDictOptions, { types: [...DICT_TYPES] });
  useDictionaryStore.getState().setOptions(options);
}

/** The redirect target of loadDomain: an in-app path only (never another site). */
export function safeRedirect(redirect: string | undefined): string | null {
  if (!redirect) return null;
  const target = redirect.trim();
  return target.startsWith('/') && !target.startsWith('//') ? target : null;
}
