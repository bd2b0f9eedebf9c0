/** GET /api/shop/sysQuestion/list: one page of the FAQ, by category and keyword. */
import { browseApi, type Page, type QuestionSummary } from '@haoka/contract';
import { request } from '../../../platform/request';

export interface QuestionFilter {
  category?: string;
  keyword?: string;
}

export function listQuestions(filter: QuestionFilter, page: number, pageSize: number): Promise<Page<QuestionSummary>> {
  // Every scope: the shop also sells IoT cards, so their questions belong in its FAQ too.
  return request(browseApi.listQuestions, { ...filter, page, pageSize });
}

export const questionsQueryKey = (filter: QuestionFilter) => ['sysQuestionList', filter] as const;
