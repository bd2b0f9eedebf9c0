/** GET /api/shop/customer/hotQuestionList?scope=iot: the IoT service page's hot questions. */
import { browseApi } from '@haoka/contract';
import { useQuery } from '../../../platform/query';
import { request } from '../../../platform/request';

export function listIotHotQuestions() {
  return request(browseApi.listHotQuestions, { scope: 'iot' });
}

export function useIotHotQuestions() {
  return useQuery({ queryKey: ['hotQuestions', 'iot'], queryFn: listIotHotQuestions });
}
