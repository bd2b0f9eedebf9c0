/**
 * A points or coin ledger (SCREENS §4 integralLog, couponExchange/order): the card's current total, filter
 * chips by type (labels through the dictionary lookup), and the lines newest first — type,
 * signed amount (credit green, debit red), the total after it, remark and time — with pull-to-refresh
 * and infinite scroll.
 */
import type { DictType, Page } from '@haoka/contract';
import { type ReactNode, useState } from 'react';
import { InfiniteList } from '../../../components/infinite-list';
import { useTranslation } from '../../../i18n/react';
import { useDictLabel } from '../../site/dict-label';
import { signedAmount } from '../rewards-rules';
import './common.css';
import './ledger-list.css';
import '../i18n';

export interface LedgerLine {
  id: number;
  type: number;
  amount: number;
  after: number;
  remark: string;
  createdAt: string;
}

export interface LedgerListProps {
  /** Dictionary type of the line types (integral_log_type, coin_log_type). */
  dictType: DictType;
  types: readonly number[];
  queryKey: (type: number | null) => readonly unknown[];
  fetchPage: (page: number, pageSize: number, type: number | null) => Promise<Page<LedgerLine>>;
  totalLabel: string;
  /** The card's current total, once the first page told it. */
  total: number | null;
  emptyText: string;
  emptyAction?: ReactNode;
}

function LedgerRow({ line, typeLabel }: { line: LedgerLine; typeLabel: string }) {
  const { t } = useTranslation();
  const credit = line.amount >= 0;
  return (
    <article className="rewards-ledger" data-testid="ledger-line" data-type={line.type}>
      <header className="rewards-ledger__head">
        <span data-testid="ledger-line-type">{typeLabel}</span>
        <strong
          className={`rewards-ledger__amount rewards-ledger__amount--${credit ? 'credit' : 'debit'}`}
          data-testid="ledger-line-amount"
        >
          {signedAmount(line.amount)}
        </strong>
      </header>
      <div className="rewards-ledger__meta">
        <span data-testid="ledger-line-time">{line.createdAt}</span>
        <span data-testid="ledger-line-after">{t('iotRewards.ledger.after', { value: line.after })}</span>
      </div>
      {line.remark ? (
        <div className="rewards-ledger__remark" data-testid="ledger-line-remark">
          {line.remark}
        </div>
      ) : null}
    </article>
  );
}

export function LedgerList(props: LedgerListProps) {
  const { t } = useTranslation();
  const labelOf = useDictLabel(props.dictType);
  const [type, setType] = useState<number | null>(null);
  return (
    <div className="rewards-page" data-testid="ledger-page">
      <header className="rewards-hero rewards-hero--compact">
        <div>
          <div className="rewards-hero__label">{props.totalLabel}</div>
          <div className="rewards-hero__value" data-testid="ledger-total">
            {props.total ?? '--'}
          </div>
        </div>
      </header>
      <div className="rewards-chips" role="tablist" data-testid="ledger-filters">
        {[null, ...props.types].map((value) => (
          <button
            key={value ?? 0}
            type="button"
            role="tab"
            aria-selected={type === value}
            className={`rewards-chip${type === value ? ' rewards-chip--active' : ''}`}
            onClick={() => setType(value)}
            data-testid={`ledger-filter-${value ?? 0}`}
          >
            {value === null ? t('iotRewards.ledger.all') : labelOf(value)}
          </button>
        ))}
      </div>
      <InfiniteList<LedgerLine>
        key={type ?? 0}
        queryKey={props.queryKey(type)}
        fetchPage={(page, pageSize) => props.fetchPage(page, pageSize, type)}
        itemKey={(line) => line.id}
        renderItem={(line) => <LedgerRow line={line} typeLabel={labelOf(line.type)} />}
        className="rewards-list"
        emptyText={props.emptyText}
        emptyAction={props.emptyAction}
      />
    </div>
  );
}
