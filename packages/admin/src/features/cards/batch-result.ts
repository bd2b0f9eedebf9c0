/**
 * A card batch job's result file: one line per card (ICCID, number, ok, reason, message), as CSV with a BOM
 * so spreadsheet programs read it as UTF-8. The batch dialog and the jobs page both offer it from here.
 */
import type { AdminCardBatchJob, CardBatchResult } from '@haoka/contract';

function csvOf(results: CardBatchResult[]): string {
  const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const lines = [['iccid', 'simNo', 'ok', 'reason', 'message'].join(',')];
  for (const r of results) lines.push([r.iccid, r.simNo, r.ok ? '1' : '0', r.reason, r.message].map(cell).join(','));
  return `${lines.join('\n')}\n`;
}

/** The file's name and a `data:` address a link downloads it from. */
export function batchResultFile(job: AdminCardBatchJob): { name: string; href: string } {
  return {
    name: `card-batch-${job.id}.csv`,
    href: `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${csvOf(job.results)}`)}`,
  };
}
