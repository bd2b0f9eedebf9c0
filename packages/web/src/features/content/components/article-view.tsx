/**
 * A system article by code (交易条款 payment, 服务承诺 promise, 关于我们 about, any other code): its title and
 * sanitised content; textTemplate also shows the article's title in the header. An unknown code shows
 * 暂无内容; a failed load shows the reload state.
 */

import { PageState } from '../../../components/page-state';
import { RichHtml } from '../../../components/rich-html';
import { useTranslation } from '../../../i18n/react';
import { usePageTitle } from '../../../platform/page-title';
import { isNotFound, useQuestion } from '../api/view-question';
import '../../../styles/article.css';
import '../i18n';

export function ArticleView({ code, titleFromArticle = false }: { code: string; titleFromArticle?: boolean }) {
  const { t } = useTranslation();
  const query = useQuestion({ code });
  const notFound = isNotFound(query.error);
  usePageTitle(titleFromArticle ? query.data?.title : undefined);
  return (
    <PageState
      loading={query.isPending}
      error={notFound ? undefined : query.error}
      empty={notFound || (query.isSuccess && query.data.content.trim() === '')}
      emptyText={t('content.empty')}
      onRetry={() => void query.refetch()}
      skeletonRows={8}
    >
      {query.data ? (
        <article className="content-article" data-testid="content-article">
          <h1 className="content-article__title" data-shop-content data-testid="content-article-title">
            {query.data.title}
          </h1>
          <RichHtml html={query.data.content} testId="content-article-body" />
        </article>
      ) : null}
    </PageState>
  );
}
