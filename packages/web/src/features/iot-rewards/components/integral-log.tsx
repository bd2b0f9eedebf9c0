/**
 * 积分明细 (SCREENS §4 integralLog/index): GET /api/iot/simIntegralLogList with the current points in the
 * header and chips for the types (1 签到, 2 任务, 3 购买套餐赠送, 4 商城兑换, 5 退回, 6 过期, 7 后台调整).
 * Empty: 暂无积分记录 with 去赚积分 (the task center).
 */
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { navigateTo } from '../../../platform/navigation';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { integralLogsKey, listIntegralLogs } from '../api/list-integral-logs';
import { TASK_PATH } from '../paths';
import { LedgerList } from './ledger-list';

export const POINTS_LOG_TYPES = [1, 2, 3, 4, 5, 6, 7] as const;

function IntegralLogView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const [total, setTotal] = useState<number | null>(null);
  return (
    <div className="iot-page" data-testid="integral-log-page">
      <LedgerList
        dictType="integral_log_type"
        types={POINTS_LOG_TYPES}
        queryKey={(type) => integralLogsKey(simNo, type)}
        fetchPage={async (page, pageSize, type) => {
          const data = await listIntegralLogs({ page, pageSize, ...(type ? { type } : {}) });
          setTotal(data.integral);
          return { ...data, list: data.list.map((l) => ({ ...l, amount: l.points, after: l.integralAfter })) };
        }}
        totalLabel={t('iotRewards.ledger.currentPoints')}
        total={total}
        emptyText={t('iotRewards.ledger.pointsEmpty')}
        emptyAction={
          <Button size="small" color="primary" onClick={() => navigateTo(TASK_PATH)} data-testid="integral-log-earn">
            {t('iotRewards.ledger.earn')}
          </Button>
        }
      />
    </div>
  );
}

export function IntegralLogPage() {
  return <IotGuard>{(simNo) => <IntegralLogView key={simNo} simNo={simNo} />}</IotGuard>;
}
