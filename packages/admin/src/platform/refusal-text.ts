/**
 * A refusal in the console's language: the reason's text of the contract's table (REASONS[reason].zh or
 * .en) with its `{{param}}` filled from the answer's data; the server's message for a reason it does not
 * know.
 */
import type { Reason } from '@haoka/contract';
import { REASONS } from '@haoka/contract/reasons';
import { type AdminLocale, currentLocale } from '../i18n';

function isReason(value: string | undefined): value is Reason {
  return value !== undefined && Object.hasOwn(REASONS, value);
}

export function refusalText(
  reason: string | undefined,
  message: string,
  data: unknown,
  locale: AdminLocale = currentLocale(),
): string {
  if (!isReason(reason)) return message;
  const template = locale === 'zh_CN' ? REASONS[reason].zh : REASONS[reason].en;
  const params = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}
