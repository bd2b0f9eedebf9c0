/** FAQ and system articles (API.md §2 sysQuestion/view, sysQuestion/list, hotQuestionList). */
import type { Page, QuestionSummary, QuestionView } from '@haoka/contract';
import type { DbOrTx } from '../../db/database.js';
import { fail } from '../../http/app-error.js';
import { formatDateTime } from '../../lib/time.js';
import * as repo from './repository.js';

/**
 * System articles (payment, promise, about, privacy…) share the table with the FAQ under this
 * category: they open by code, but never show in the FAQ lists.
 */
export const ARTICLE_CATEGORY = 'article';

/** The hot list of the service page is short (SCREENS.md /pages/customer/index). */
export const HOT_QUESTIONS_MAX = 10;

export async function viewQuestion(db: DbOrTx, key: { id?: number | undefined; code?: string | undefined }) {
  const row =
    key.id !== undefined
      ? await repo.findQuestionById(db, key.id)
      : key.code !== undefined
        ? await repo.findQuestionByCode(db, key.code)
        : undefined;
  if (!row) throw fail('contentGone');
  const view: QuestionView = {
    id: row.id,
    code: row.code ?? '',
    category: row.category,
    title: row.title,
    content: row.content,
    updatedAt: formatDateTime(row.updated_at),
  };
  return view;
}

export interface QuestionQuery {
  category?: string | undefined;
  keyword?: string | undefined;
  scope?: 'shop' | 'iot' | undefined;
  page: number;
  pageSize: number;
}

/** FAQ entries ordered by `sort`, then newest first. */
export async function listQuestions(db: DbOrTx, query: QuestionQuery): Promise<Page<QuestionSummary>> {
  const { rows, total } = await repo.pageQuestions(
    db,
    {
      excludeCategory: ARTICLE_CATEGORY,
      category: query.category,
      keyword: query.keyword?.trim(),
      scope: query.scope,
    },
    { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
  );
  return {
    list: rows.map((row) => ({
      id: row.id,
      category: row.category,
      title: row.title,
      summary: row.summary,
      updatedAt: formatDateTime(row.updated_at),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function listHotQuestions(db: DbOrTx, scope: 'shop' | 'iot'): Promise<{ id: number; title: string }[]> {
  const rows = await repo.listHotQuestions(db, { excludeCategory: ARTICLE_CATEGORY, scope }, HOT_QUESTIONS_MAX);
  return rows.map((row) => ({ id: row.id, title: row.title }));
}
