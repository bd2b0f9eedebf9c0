/**
 * Durations (spec §9: value + unit 1 day / 2 month / 3 year; a year-unit duration of 20 or more is 终身,
 * 长期有效) as every screen shows them, through the catalogue's one set of plural keys (`duration.*`).
 */
import { isLifetime } from '@haoka/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from '../i18n/react';

export type Duration = { kind: 'lifetime' } | { kind: 'duration'; value: number; unit: 1 | 2 | 3 };

const UNIT_KEYS = { 1: 'duration.day', 2: 'duration.month', 3: 'duration.year' } as const;

/** A value and its unit as a duration; an unknown unit counts as days. */
export function durationOf(value: number, unit: number): Duration {
  if (isLifetime(value, unit)) return { kind: 'lifetime' };
  return { kind: 'duration', value, unit: unit === 2 || unit === 3 ? unit : 1 };
}

/** "6个月" / "6 months"; a lifetime reads 长期有效. */
export function formatDuration(t: TFunction, duration: Duration): string {
  if (duration.kind === 'lifetime') return t('duration.longTerm');
  return t(UNIT_KEYS[duration.unit], { count: duration.value });
}

/** `formatDuration` of a value and unit, in the active locale. */
export function useDurationText(): (value: number, unit: number) => string {
  const { t } = useTranslation();
  return (value, unit) => formatDuration(t, durationOf(value, unit));
}
