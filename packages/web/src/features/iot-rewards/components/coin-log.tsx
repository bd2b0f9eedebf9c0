/**
 * 券币明细 (SCREENS §4 couponExchange/order): GET /api/iot/couponCoinLogList with the current coins in the
 * header and chips for the types (1 活动发放, 2 兑换优惠券, 3 过期, 4 后台调整). Empty: 暂无记录.
 */
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { coinLogsKey, listCoinLogs } from '../api/list-coin-logs';
import { LedgerList } from './ledger-list';

export const COIN_LOG_TYPES = [1, 2, 3, 4] as const;

function CoinLogView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const [total, setTotal] = useState<number | null>(null);
  return (
    <div className="iot-page" data-testid="coin-log-page">
      <LedgerList
        dictType="coin_log_type"
        types={COIN_LOG_TYPES}
        queryKey={(type) => coinLogsKey(simNo, type)}
        fetchPage={async (page, pageSize, type) => {
          const data = await listCoinLogs({ page, pageSize, ...(type ? { type } : {}) });
          setTotal(data.couponCoin);
          return { ...data, list: data.list.map((l) => ({ ...l, amount: l.coin, after: l.coinAfter })) };
        }}
        totalLabel={t('iotRewards.ledger.currentCoins')}
        total={total}
        emptyText={t('iotRewards.ledger.coinEmpty')}
      />
    </div>
  );
}

export function CoinLogPage() {
  return <IotGuard>{(simNo) => <CoinLogView key={simNo} simNo={simNo} />}</IotGuard>;
}
