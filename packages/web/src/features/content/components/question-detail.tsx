/** One FAQ entry (SCREENS §1 question/detail): title, updatedAt, content and 仍未解决？联系客服. */
import { Button } from 'antd-mobile';
import { ErrorBlock } from '../../../components/error-block';
import { PageState } from '../../../components/page-state';
import { RichHtml } from '../../../components/rich-html';
import { useTranslation } from '../../../i18n/react';
import { CUSTOMER_PATH, goBack, navigateTo } from '../../../platform/navigation';
import { isNotFound, useQuestion } from '../api/view-question';
import '../../../styles/article.css';
import './question-detail.css';
import '../i18n';

export function QuestionDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuestion({ id });
  if (!valid || isNotFound(query.error)) {
    return (
      <div className="page-state" data-testid="question-not-found">
        <ErrorBlock
          status="empty"
          title={t('content.questionNotFound')}
          description={t('content.questionNotFoundHint')}
        >
          <Button color="primary" size="small" onClick={goBack}>
            {t('common.back')}
          </Button>
        </ErrorBlock>
      </div>
    );
  }
  return (
    <PageState loading={query.isPending} error={query.error} onRetry={() => void query.refetch()} skeletonRows={6}>
      {query.data ? (
        <div className="content-question">
          <article className="content-article" data-testid="question-detail">
            <h1 className="content-article__title" data-testid="question-title">
              {query.data.title}
            </h1>
            <div className="content-article__meta">{t('content.updatedAt', { time: query.data.updatedAt })}</div>
            <RichHtml html={query.data.content} testId="question-content" />
          </article>
          <div className="content-question__foot">
            <Button block color="primary" fill="outline" onClick={() => navigateTo(CUSTOMER_PATH)}>
              {t('content.stillUnsolved')}
            </Button>
          </div>
        </div>
      ) : null}
    </PageState>
  );
}
