/** Queries for FAQ entries and system articles (table `questions`). */
import type { DbOrTx } from '../../db/database.js';
import { containsText } from '../../db/like.js';

export function findQuestionById(db: DbOrTx, id: number) {
  return db.selectFrom('questions').selectAll().where('id', '=', id).where('enabled', '=', 1).executeTakeFirst();
}

export function findQuestionByCode(db: DbOrTx, code: string) {
  return db.selectFrom('questions').selectAll().where('code', '=', code).where('enabled', '=', 1).executeTakeFirst();
}

export interface QuestionFilter {
  /** Rows of this category are never listed (system articles). */
  excludeCategory: string;
  category?: string | undefined;
  /** Matched against title and summary. */
  keyword?: string | undefined;
  /** Rows of this scope or of scope 'all'. */
  scope?: 'shop' | 'iot' | undefined;
}

function matching(db: DbOrTx, filter: QuestionFilter) {
  let query = db.selectFrom('questions').where('enabled', '=', 1).where('category', '!=', filter.excludeCategory);
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.scope) query = query.where('scope', 'in', [filter.scope, 'all']);
  const keyword = filter.keyword;
  if (keyword) query = query.where((eb) => eb.or([containsText('title', keyword), containsText('summary', keyword)]));
  return query;
}

export async function pageQuestions(db: DbOrTx, filter: QuestionFilter, page: { offset: number; limit: number }) {
  const rows = await matching(db, filter)
    .select(['id', 'category', 'title', 'summary', 'updated_at'])
    .orderBy('sort', 'asc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await matching(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** Rows with hot > 0, hottest first. */
export function listHotQuestions(db: DbOrTx, filter: QuestionFilter & { scope: 'shop' | 'iot' }, limit: number) {
  return matching(db, filter)
    .select(['id', 'title'])
    .where('hot', '>', 0)
    .orderBy('hot', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
