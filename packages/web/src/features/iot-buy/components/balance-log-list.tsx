/**
 * 余额明细 (SCREENS §3 orderLogs/BalanceLogList): the card's balance ledger (GET /api/iot/simBalanceLogList)
 * with filter chips by type (1 充值, 2 购买套餐, 3 退款, 4 后台调整, 5 按量扣费, 6 活动赠送; dictionary
 * `balance_log_type`), each line's signed amount (credit green, debit red), the balance after, remark and
 * time. Empty: 暂无明细.
 */
import type { BalanceLog } from '@haoka/contract';
import { useState } from 'react';
import { InfiniteList } from '../../../components/infinite-list';
import { useTranslation } from '../../../i18n/react';
import { useDictLabel } from '../../site/dict-label';
import { listSimBalanceLogs, simBalanceLogsKey } from '../api/list-sim-balance-logs';
import { signedYuan } from '../money-rules';
import './common.css';
import './balance-log-list.css';
import '../i18n';

export const LEDGER_TYPES = [1, 2, 3, 4, 5, 6] as const;
type LedgerType = (typeof LEDGER_TYPES)[number];

function BalanceLogRow({ log, typeLabel }: { log: BalanceLog; typeLabel: string }) {
  const { t } = useTranslation();
  const amount = signedYuan(log.amount);
  return (
    <article className="money-row money-ledger" data-testid="ledger-row" data-type={log.type}>
      <header className="money-row__head">
        <span className="money-row__title" data-testid="ledger-type">
          {typeLabel}
        </span>
        <strong
          className={`money-ledger__amount money-ledger__amount--${amount.credit ? 'credit' : 'debit'}`}
          data-testid="ledger-amount"
          data-credit={amount.credit}
        >
          {amount.text}
        </strong>
      </header>
      <div className="money-ledger__meta">
        <span data-testid="ledger-after">{t('iotBuy.logs.balanceAfter', { amount: log.balanceAfter })}</span>
        <span data-testid="ledger-time">{log.createdAt}</span>
      </div>
      {log.remark ? (
        <div className="money-ledger__remark" data-testid="ledger-remark">
          {log.remark}
        </div>
      ) : null}
    </article>
  );
}

export function BalanceLogList({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const typeLabel = useDictLabel('balance_log_type');
  const [type, setType] = useState<LedgerType | null>(null);
  return (
    <div className="money-ledger-page">
      <div className="money-chips" role="tablist" data-testid="ledger-filters">
        {[null, ...LEDGER_TYPES].map((value) => (
          <button
            key={value ?? 0}
            type="button"
            role="tab"
            aria-selected={type === value}
            className={`money-chip${type === value ? ' money-chip--active' : ''}`}
            onClick={() => setType(value)}
            data-testid={`ledger-filter-${value ?? 0}`}
          >
            {value === null ? t('iotBuy.logs.all') : typeLabel(value)}
          </button>
        ))}
      </div>
      <InfiniteList<BalanceLog>
        key={type ?? 0}
        queryKey={simBalanceLogsKey(simNo, type)}
        fetchPage={(page, pageSize) => listSimBalanceLogs({ page, pageSize, ...(type ? { type } : {}) })}
        itemKey={(l) => l.id}
        renderItem={(l) => <BalanceLogRow log={l} typeLabel={typeLabel(l.type)} />}
        className="money-list"
        emptyText={t('iotBuy.logs.emptyLog')}
      />
    </div>
  );
}
