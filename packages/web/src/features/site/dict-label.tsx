/**
 * The one lookup of dictionary labels (SCREENS §6 dictionary types). A (type, value) the app knows reads
 * its label from the catalogue in the active locale (`dict.<type>.<value>`); a value it does not know
 * (one the shop added to its dictionary) reads the server's label, and a value nobody labelled reads
 * itself. The colour is the dictionary's listClass, else the built-in one of a known value.
 *
 * Which values the app knows is read from the active locale's loaded catalogue (every locale has the
 * source's keys, a compile-time check), not from the `dict` section's file, which holds all five locales.
 */
import type { DictOption, DictType } from '@haoka/contract';
import { Tag } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { currentLocale } from '../../i18n';
import { useTranslation } from '../../i18n/react';
import type { dict } from '../../i18n/sections/dict';
import i18n from '../../i18n/translator';
import { useDictOptions } from './api/get-dict-options';

export type ListClass = DictOption['listClass'];
type KnownType = keyof (typeof dict)['zh-Hans'];

/** The list classes of the known values, as the server's seed gives them; used until the dictionary loads. */
const KNOWN_CLASSES: Partial<Record<KnownType, Record<string, ListClass>>> = {
  sim_status: { 1: 'warning', 2: 'success', 3: 'danger', 4: 'info' },
  auth_status: { 0: 'warning', 1: 'success', 2: 'primary', 3: 'danger' },
  shop_order_status: {
    0: 'warning',
    1: 'primary',
    2: 'primary',
    3: 'info',
    4: 'success',
    5: 'default',
    6: 'danger',
    7: 'default',
  },
  pay_status: { 0: 'warning', 1: 'primary', 2: 'success', 3: 'default', 4: 'warning', 5: 'default' },
  package_order_status: { 0: 'warning', 1: 'primary', 2: 'success', 3: 'default', 4: 'default', 5: 'default' },
  balance_order_status: { 0: 'warning', 1: 'success', 2: 'default', 3: 'default' },
  vip_order_status: { 0: 'warning', 1: 'success', 2: 'primary', 3: 'default', 4: 'default', 5: 'default' },
  integral_order_status: { 0: 'warning', 1: 'primary', 2: 'info', 3: 'success', 4: 'default', 5: 'default' },
  coupon_status: { 1: 'success', 2: 'warning', 3: 'default', 4: 'default' },
  number_status: { 0: 'default', 1: 'success', 2: 'warning', 3: 'default' },
  balance_log_type: { 1: 'success', 2: 'danger', 3: 'success', 4: 'info', 5: 'danger', 6: 'success' },
  integral_log_type: { 1: 'success', 2: 'success', 3: 'success', 4: 'danger', 5: 'success', 6: 'default', 7: 'info' },
  coin_log_type: { 1: 'success', 2: 'danger', 3: 'default', 4: 'info' },
};

/** antd-mobile Tag colours of the dictionary's list classes. */
export const TAG_COLOURS: Record<ListClass, string> = {
  default: 'default',
  primary: 'primary',
  success: 'success',
  info: 'var(--hk-color-info)',
  warning: 'warning',
  danger: 'danger',
};

function knownLabels(type: string): Record<string, string> | undefined {
  const labels: unknown = i18n.getResource(currentLocale(), 'translation', `dict.${type}`);
  return typeof labels === 'object' && labels !== null ? (labels as Record<string, string>) : undefined;
}

/** Whether the catalogue has a label for this (type, value). */
export function isKnownDictValue(type: string, value: string | number): boolean {
  return knownLabels(type)?.[String(value)] !== undefined;
}

/** The values of a type the catalogue knows, in the catalogue's order. */
export function knownDictValues(type: KnownType): string[] {
  return Object.keys(knownLabels(type) ?? {});
}

/** The label of a dictionary value in the active locale (see the file's head). */
export function dictLabel(
  t: TFunction,
  type: DictType | string,
  value: string | number,
  options: readonly DictOption[] = [],
): string {
  const v = String(value);
  if (isKnownDictValue(type, v)) return (t as unknown as (key: string) => string)(`dict.${type}.${v}`);
  return options.find((o) => o.value === v)?.label || v;
}

/** The list class of a dictionary value: the dictionary's, else the built-in one of a known value. */
export function dictClass(type: string, value: string | number, options: readonly DictOption[] = []): ListClass {
  const v = String(value);
  return options.find((o) => o.value === v)?.listClass ?? KNOWN_CLASSES[type as KnownType]?.[v] ?? ('default' as const);
}

/** A labeller of one dictionary type, re-rendering when the locale or the dictionary changes. */
export function useDictLabel(type: DictType): (value: string | number) => string {
  const { t } = useTranslation();
  const options = useDictOptions(type);
  return useCallback((value) => dictLabel(t, type, value, options), [t, type, options]);
}

/** The label and the Tag colour of one dictionary value. */
export function useDictTag(type: DictType, value: string | number): { label: string; color: string } {
  const { t } = useTranslation();
  const options = useDictOptions(type);
  return { label: dictLabel(t, type, value, options), color: TAG_COLOURS[dictClass(type, value, options)] };
}

/** A status or type tag of a dictionary value. */
export function DictTag({
  type,
  value,
  testId,
  label,
}: {
  type: DictType;
  value: string | number;
  testId?: string;
  /** A label of the screen's own that replaces the dictionary's (e.g. 待自提 for a pickup order). */
  label?: string;
}) {
  const tag = useDictTag(type, value);
  return (
    <Tag color={tag.color} fill="outline" data-testid={testId} data-status={value}>
      {label ?? tag.label}
    </Tag>
  );
}
