/**
 * A status or type label from a dictionary (label + listClass, SCREENS §6 dictionary types), with the
 * built-in name and colour standing in until the dictionary is loaded.
 */
import type { DictOption } from '@haoka/contract';
import { Tag } from 'antd-mobile';
import { useDictOptions } from '../../site/api/get-dict-options';

const TAG_COLOURS: Record<DictOption['listClass'], string> = {
  default: 'default',
  primary: 'primary',
  success: 'success',
  info: 'var(--hk-color-info)',
  warning: 'warning',
  danger: 'danger',
};

/** The dictionary's label and colour for `value`, else the fallbacks. */
export function useDictLabel(
  type: string,
  value: number,
  fallbackLabel: string,
  fallbackClass: DictOption['listClass'] = 'default',
): { label: string; color: string } {
  const option = useDictOptions(type).find((o) => o.value === String(value));
  return { label: option?.label || fallbackLabel, color: TAG_COLOURS[option?.listClass ?? fallbackClass] };
}

export function StatusTag({
  type,
  value,
  fallbackLabel,
  fallbackClass,
  testId,
}: {
  type: string;
  value: number;
  fallbackLabel: string;
  fallbackClass?: DictOption['listClass'];
  testId?: string;
}) {
  const { label, color } = useDictLabel(type, value, fallbackLabel, fallbackClass);
  return (
    <Tag color={color} fill="outline" data-testid={testId} data-status={value}>
      {label}
    </Tag>
  );
}
