/**
 * /pages/goods/pretty/comment — 用户评价: the reviews of buyers of numbers of this number's level (design.md
 * "Number reviews"), a page at a time, from numberDetail's comment slice.
 */

import { InfiniteList } from '../../../components/infinite-list';
import { getNumberDetail, parseNumberId } from '../../../features/numbers/api/get-number-detail';
import { CommentItem } from '../../../features/numbers/components/comment-item';
import { useTranslation } from '../../../i18n/react';
import { usePageQuery } from '../../../platform/use-page-query';
import '../../../features/numbers/i18n';

export default function PrettyCommentPage() {
  const { t } = useTranslation();
  const numberId = parseNumberId(usePageQuery().numberId);
  return (
    <div className="numbers-comments" style={{ padding: '0 var(--hk-space-7)' }} data-testid="comment-page">
      <p className="numbers-comments__note" data-testid="reviews-same-kind">
        {t('numberReviews.sameKind')}
      </p>
      <InfiniteList
        queryKey={['numberComments', numberId]}
        fetchPage={async (page, pageSize) => (await getNumberDetail(numberId, page, pageSize)).comments}
        renderItem={(c) => <CommentItem comment={c} />}
        itemKey={(c) => c.id}
        pageSize={10}
        emptyText={t('pretty.reviewsEmpty')}
      />
    </div>
  );
}
