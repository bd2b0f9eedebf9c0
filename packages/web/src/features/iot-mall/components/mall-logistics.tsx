/**
 * 物流详情 (SCREENS §4 order/orderDetails/logistics), `?orderSn=`: courier, tracking number (copy), the
 * state in words and the traces newest first, from the order's `logistics`; pull to refresh asks again
 * (the server asks the courier at most every 30 minutes). Not shipped: 订单尚未发货; no traces yet:
 * 暂无物流信息.
 */
import { ErrorCode, type Logistics } from '@haoka/contract';
import { ErrorBlock } from '../../../components/error-block';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { copyText } from '../../../platform/clipboard';
import { ApiError } from '../../../platform/request';
import { usePageQuery } from '../../../platform/use-page-query';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { useMallOrder } from '../api/get-mall-order';
import { newestFirst } from '../mall-rules';
import './common.css';
import './mall-logistics.css';
import '../i18n';
import { PullRefresh } from '../../../components/pull-refresh';
import { TraceTimeline } from '../../../components/trace-timeline';

const STATE_KEYS = [
  'iotMall.logistics.state.s0',
  'iotMall.logistics.state.s1',
  'iotMall.logistics.state.s2',
  'iotMall.logistics.state.s3',
  'iotMall.logistics.state.s4',
] as const;

function Traces({ logistics }: { logistics: Logistics }) {
  const { t } = useTranslation();
  const traces = newestFirst(logistics.traces);
  return (
    <>
      <section className="mall-logistics__head" data-testid="logistics-head">
        <div className="mall-kv">
          <span>{t('iotMall.logistics.company')}</span>
          <strong data-testid="logistics-company">{logistics.company}</strong>
        </div>
        <div className="mall-kv">
          <span>{t('iotMall.logistics.trackingNo')}</span>
          <strong>
            <span data-testid="logistics-tracking-no">{logistics.trackingNo}</span>
            <button
              type="button"
              className="mall-link"
              onClick={() => void copyText(logistics.trackingNo)}
              data-testid="logistics-copy"
            >
              {t('iotMall.common.copy')}
            </button>
          </strong>
        </div>
        <div className="mall-logistics__state" data-testid="logistics-state">
          {t(STATE_KEYS[logistics.state] ?? STATE_KEYS[0])}
        </div>
      </section>
      <section className="mall-logistics__traces">
        <h2>{t('iotMall.logistics.traces')}</h2>
        <TraceTimeline traces={traces} empty={t('iotMall.logistics.empty')} timeClassName="mall-logistics__time" />
      </section>
    </>
  );
}

function LogisticsView({ simNo, orderSn }: { simNo: string; orderSn: string }) {
  const { t } = useTranslation();
  const order = useMallOrder(simNo, orderSn);
  const notFound = !orderSn || (order.error instanceof ApiError && order.error.code === ErrorCode.FAIL);
  const logistics = order.data?.logistics;
  return (
    <div className="mall-page mall-page--plain" data-testid="logistics-page">
      <PullRefresh
        onRefresh={async () => {
          await order.refetch();
        }}
      >
        {notFound ? (
          <ErrorBlock
            status="empty"
            title={t('iotMall.details.missing')}
            description=""
            data-testid="logistics-missing"
          />
        ) : (
          <PageState
            loading={order.isPending}
            error={order.isError ? order.error : undefined}
            onRetry={() => void order.refetch()}
            empty={order.isSuccess && !logistics}
            emptyText={t('iotMall.logistics.notShipped')}
            skeletonRows={6}
          >
            {logistics ? <Traces logistics={logistics} /> : null}
          </PageState>
        )}
      </PullRefresh>
    </div>
  );
}

export function MallLogisticsPage() {
  const query = usePageQuery();
  const orderSn = query.orderSn ?? '';
  return (
    <IotGuard>{(simNo) => <LogisticsView key={`${simNo}:${orderSn}`} simNo={simNo} orderSn={orderSn} />}</IotGuard>
  );
}
