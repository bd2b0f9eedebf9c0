/** /pages/customer/question/detail 问题详情 (SCREENS §1): one FAQ entry by ?id=. */
import { QuestionDetail } from '../../../features/content/components/question-detail';
import { usePageQuery } from '../../../platform/use-page-query';

export default function QuestionDetailPage() {
  const query = usePageQuery();
  return <QuestionDetail id={Number(query.id)} />;
}
