/** GET /api/shop/customer/hotQuestionList: the service page's hot questions (a plain list, ≤ 10). */
import { browseApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';

export function listHotQuestions() {
  return request(browseApi.listHotQuestions, { scope: 'shop' });
}

export function useHotQuestions() {
  return useQuery({ queryKey: ['hotQuestions', 'shop'], queryFn: listHotQuestions });
}
