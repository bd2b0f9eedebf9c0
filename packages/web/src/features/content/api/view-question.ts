/**
 * GET /api/shop/sysQuestion/view: one FAQ entry (by id) or system article (by code). Not found is code -1,
 * which the screens show in place (问题不存在 / 暂无内容), so it is silent here.
 */
import { browseApi, ErrorCode, type QuestionView } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { ApiError, request } from '../../../platform/request';

export type QuestionKey = { id: number } | { code: string };

export function viewQuestion(key: QuestionKey): Promise<QuestionView> {
  return request(browseApi.viewQuestion, key, { silentCodes: [ErrorCode.FAIL] });
}

export const questionQueryKey = (key: QuestionKey) => ['sysQuestion', key] as const;

export function useQuestion(key: QuestionKey) {
  const valid = 'id' in key ? Number.isInteger(key.id) && key.id > 0 : key.code !== '';
  return useQuery({ queryKey: questionQueryKey(key), queryFn: () => viewQuestion(key), enabled: valid });
}

/** The answer said the entry does not exist (code -1), as opposed to a network or server failure. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.FAIL && error.status === 200;
}
