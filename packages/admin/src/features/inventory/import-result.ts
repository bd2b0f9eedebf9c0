/**
 * An import job's result file: every refused line and why, as CSV. The import dialog and the jobs page both
 * offer it from here.
 */
import type { AdminImportJob } from '@haoka/contract';

function resultCsv(job: AdminImportJob): string {
  const lines = [
    'line,message',
    ...(job.result?.rejected ?? []).map((r) => `${r.line},"${r.message.replaceAll('"', '""')}"`),
  ];
  return `${lines.join('\n')}\n`;
}

/** The file's name and a `data:` address a link downloads it from. */
export function importResultFile(job: AdminImportJob): { name: string; href: string } {
  return {
    name: `import-${job.id}-result.csv`,
    href: `data:text/csv;charset=utf-8,${encodeURIComponent(resultCsv(job))}`,
  };
}
