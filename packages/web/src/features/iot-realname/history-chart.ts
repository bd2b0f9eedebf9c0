/**
 * The usage history chart's data (SCREENS §4 historyLine): one point per day or month in MB, the x
 * labels, and whether there is anything to draw (all zero → 暂无用量数据). Pure, so it is tested without
 * a canvas.
 */
import type { HistoryLine } from './api/get-sim-history-line';

export interface UsageChartData {
  type: HistoryLine['type'];
  /** Axis labels: MM-DD for days, YYYY-MM for months. */
  labels: string[];
  /** The full date of each point, for the tooltip title. */
  dates: string[];
  /** MB per point, 2 decimals. */
  values: number[];
  empty: boolean;
  totalFlow: number;
  avgFlow: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function axisLabel(date: string, type: HistoryLine['type']): string {
  // 'YYYY-MM-DD' → 'MM-DD'; a month stays 'YYYY-MM'.
  return type === 'day' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date.slice(5) : date;
}

export function toChartData(line: HistoryLine): UsageChartData {
  const values = line.points.map((p) => (Number.isFinite(p.flow) && p.flow > 0 ? round2(p.flow) : 0));
  return {
    type: line.type,
    labels: line.points.map((p) => axisLabel(p.date, line.type)),
    dates: line.points.map((p) => p.date),
    values,
    empty: values.every((v) => v === 0),
    totalFlow: round2(line.totalFlow),
    avgFlow: round2(line.avgFlow),
  };
}
