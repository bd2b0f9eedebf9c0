/**
 * 物流信息 (SCREENS §1 order/logistics): carrier, tracking number (copy), the state in words and the traces
 * newest first; pull to refresh. A refusal (-1: 订单尚未发货, 订单不存在) is shown as the page's message.
 */
import { ErrorCode, type Logistics } from '@haoka/contract';
import { ErrorBlock } from '../../../components/error-block';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { copyText } from '../../../platform/clipboard';
import { ApiError } from '../../../platform/request';
import { useLogistics } from '../api/get-logistics';
import { parseApiDateTime } from '../date-time';
import './order.css';
import { PullRefresh } from '../../../components/pull-refresh';
import { TraceTimeline } from '../../../components/trace-timeline';
import '../i18n';

const STATE_KEYS = [
  'order.logistics.state.none',
  'order.logistics.state.transit',
  'order.logistics.state.delivering',
  'order.logistics.state.signed',
  'order.logistics.state.problem',
] as const;

/** Traces newest first, whatever order they came in. */
export function newestFirst(traces: Logistics['traces']): Logistics['traces'] {
  return [...traces].sort((a, b) => (parseApiDateTime(b.time) ?? 0) - (parseApiDateTime(a.time) ?? 0));
}

function LogisticsBody({ data }: { data: Logistics }) {
  const { t } = useTranslation();
  const traces = newestFirst(data.traces);
  return (
    <>
      <section className="order-logistics__head" data-testid="logistics-head">
        <div className="order-logistics__row">
          <span>{t('order.logistics.company')}</span>
          <span data-testid="logistics-company">{data.company}</span>
        </div>
        <div className="order-logistics__row">
          <span>{t('order.logistics.trackingNo')}</span>
          <span data-testid="logistics-tracking-no">{data.trackingNo}</span>
          {data.trackingNo ? (
            <button
              type="button"
              className="order-card__copy"
              onClick={() => void copyText(data.trackingNo)}
              data-testid="logistics-copy"
            >
              {t('order.logistics.copy')}
            </button>
          ) : null}
        </div>
        <div className="order-logistics__state" data-testid="logistics-state">
          {t(STATE_KEYS[data.state] ?? STATE_KEYS[0])}
        </div>
      </section>
      <section className="order-logistics__traces">
        <h2>{t('order.logistics.traces')}</h2>
        <TraceTimeline traces={traces} empty={t('order.logistics.empty')} timeClassName="order-logistics__time" />
      </section>
    </>
  );
}

export function LogisticsView({ orderSn }: { orderSn: string }) {
  const { t } = useTranslation();
  const query = useLogistics(orderSn);
  const refused = query.error instanceof ApiError && query.error.code === ErrorCode.FAIL ? query.error : null;
  if (!orderSn) return <ErrorBlock status="empty" title={t('order.logistics.missing')} description="" />;
  return (
    <div className="order-logistics" data-testid="logistics-page">
      <PullRefresh
        onRefresh={async () => {
          await query.refetch();
        }}
      >
        {refused ? (
          <div className="page-state" data-testid="logistics-refused">
            <ErrorBlock status="empty" title={refused.text || t('order.logistics.notShipped')} description="" />
          </div>
        ) : (
          <PageState
            loading={query.isPending}
            error={query.isError ? query.error : undefined}
            onRetry={() => void query.refetch()}
            skeletonRows={6}
          >
            {query.data ? <LogisticsBody data={query.data} /> : null}
          </PageState>
        )}
      </PullRefresh>
    </div>
  );
}
