/**
 * FAQ import from CSV or JSON (`npm run cli -- import faq <file>`): entries upserted by title and scope
 * (FAQ entries belong to the whole site, not to one promoter), so re-importing a file changes nothing.
 * System articles (agreements, category `article`) are not FAQ entries and cannot be imported here.
 */
import { CATALOGUE_FAQ_CATEGORIES } from '@haoka/contract';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { fields, type ImportReport, importRecords, parseRecord } from '../../lib/records.js';

export const FAQ_COLUMNS = ['category', 'title', 'content'] as const;

const rowSchema = z.object({
  category: z.enum(CATALOGUE_FAQ_CATEGORIES, {
    error: 'must be order|pay|delivery|card|iot (dictionary question_category)',
  }),
  scope: z.enum(['shop', 'iot', 'all'], { error: 'must be shop|iot|all' }),
  title: fields.required(100),
  summary: fields.text(200),
  content: fields.required(20_000),
  hot: fields.int(0, 1_000_000, 0),
  sort: fields.int(0, 1_000_000, 0),
  enabled: fields.flag(1),
});

type FaqRow = z.output<typeof rowSchema>;

export function parseFaqRecord(record: Record<string, string>) {
  return parseRecord(rowSchema, record, { scope: 'all' });
}

export function importFaq(db: Db, file: string, onProgress?: (r: ImportReport) => void): Promise<ImportReport> {
  return importRecords<FaqRow>(
    db,
    file,
    {
      required: FAQ_COLUMNS,
      parse: (record) => parseFaqRecord({ ...record, scope: record.scope || 'all' }),
      key: (q) => `${q.scope}|${q.title}`,
      async write(tx, rows) {
        const now = Date.now();
        for (const { row: q } of rows) {
          const values = {
            category: q.category,
            summary: q.summary,
            content: q.content,
            hot: q.hot,
            sort: q.sort,
            enabled: q.enabled,
          };
          const existing = await tx
            .selectFrom('questions')
            .select('id')
            .where('title', '=', q.title)
            .where('scope', '=', q.scope)
            .where('category', '!=', 'article')
            .executeTakeFirst();
          if (existing) {
            await tx
              .updateTable('questions')
              .set({ ...values, updated_at: now })
              .where('id', '=', existing.id)
              .execute();
          } else {
            await tx
              .insertInto('questions')
              .values({ ...values, code: null, scope: q.scope, title: q.title, created_at: now, updated_at: now })
              .execute();
          }
        }
        return [];
      },
    },
    onProgress,
  );
}
