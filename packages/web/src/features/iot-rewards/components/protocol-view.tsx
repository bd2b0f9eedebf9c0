/**
 * 协议 / 任务规则 (SCREENS §4 protocol/index, protocol/taskRule): one card agreement (GET /api/iot/protocol)
 * with its stored title, last update and sanitised rich content. The index page shows the agreement's
 * own title in the header. No such agreement (an unknown `type`, or -1 协议不存在): 暂无协议内容. Public
 * text: no card session needed.
 */

import { PageState } from '../../../components/page-state';
import { RichHtml } from '../../../components/rich-html';
import { useTranslation } from '../../../i18n/react';
import { usePageTitle } from '../../../platform/page-title';
import { isMissing, type ProtocolType, useProtocol } from '../api/get-protocol';
import '../../../styles/article.css';
import './protocol-view.css';
import '../i18n';

export function ProtocolView({ type, titleInHeader = false }: { type: ProtocolType | null; titleInHeader?: boolean }) {
  const { t } = useTranslation();
  const query = useProtocol(type);
  usePageTitle(titleInHeader ? query.data?.title : undefined);
  const missing = type === null || isMissing(query.error) || (query.isSuccess && query.data.content.trim() === '');
  return (
    <div className="rewards-protocol" data-testid="protocol-page" data-type={type ?? ''}>
      <PageState
        loading={type !== null && query.isPending}
        error={!missing && query.isError ? query.error : undefined}
        empty={missing}
        emptyText={t('iotRewards.protocol.empty')}
        onRetry={() => void query.refetch()}
        skeletonRows={10}
      >
        {query.data ? (
          <article className="content-article" data-testid="protocol-article">
            <h1 className="content-article__title" data-testid="protocol-title">
              {query.data.title}
            </h1>
            <div className="content-article__meta" data-testid="protocol-updated">
              {t('iotRewards.protocol.updatedAt', { time: query.data.updatedAt })}
            </div>
            <RichHtml html={query.data.content} testId="protocol-body" />
          </article>
        ) : null}
      </PageState>
    </div>
  );
}
