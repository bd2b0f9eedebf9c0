/** An audit line's before/after: one row per changed field (personal data arrives masked). */
import type { AuditLine } from '@haoka/contract';
import { useTranslation } from 'react-i18next';

const show = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

export function Changes({ line }: { line: Pick<AuditLine, 'before' | 'after'> }) {
  const { t } = useTranslation();
  const fields = [...new Set([...Object.keys(line.before ?? {}), ...Object.keys(line.after ?? {})])];
  if (fields.length === 0) return <span>—</span>;
  return (
    <table className="audit-changes">
      <thead>
        <tr>
          <th scope="col">{t('audit.changes')}</th>
          <th scope="col">{t('audit.before')}</th>
          <th scope="col">{t('audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field}>
            <th scope="row">{field}</th>
            <td>{show(line.before?.[field])}</td>
            <td>{show(line.after?.[field])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
