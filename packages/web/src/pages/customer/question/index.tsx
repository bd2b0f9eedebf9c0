/** /pages/customer/question/index 常见问题 (SCREENS §1), optionally opened on ?category=. */
import { QuestionList } from '../../../features/content/components/question-list';
import { usePageQuery } from '../../../platform/use-page-query';

export default function QuestionIndexPage() {
  const query = usePageQuery();
  return <QuestionList initialCategory={query.category ?? ''} />;
}
