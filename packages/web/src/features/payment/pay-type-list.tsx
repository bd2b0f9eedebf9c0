/**
 * The one list of pay methods (shop cashier, card recharge, recharge activities, package checkout, VIP and
 * acceleration, the points-mall cashier): 支付方式, a radio row per method in the order given, each with
 * its icon (`PayTypeIcon`) and name; the card balance (余额支付) says what is available under its name and
 * is disabled with 余额不足 when it does not cover the amount; none offered → 暂无可用支付方式. Only the
 * methods this browser can use are listed (`usablePayTypes`: no Alipay inside WeChat); when that leaves
 * nothing to pay with, the list says to open the page in another browser (`${testId}-open-in-browser`).
 * The test ids are the caller's, so every screen keeps the ones it always had.
 */
import type { PayType } from '@haoka/contract';
import { List, Radio } from 'antd-mobile';
import { PayTypeIcon } from '../../components/pay-type-icon';
import { useTranslation } from '../../i18n/react';
import { usablePayTypes } from './pay-types';
import './payment.css';

export interface BalanceRow {
  /** Available balance (yuan). */
  amount: string;
  /** Whether it covers the amount to pay (else the row is disabled with 余额不足). */
  enough: boolean;
  /** Test ids of the hint and of 余额不足. */
  testId?: string;
  shortTestId?: string;
}

export interface PayTypeListProps<T extends PayType> {
  payTypes: readonly T[];
  value: T | null | undefined;
  onChange: (payType: T) => void;
  /** The card balance row's facts, when `payTypes` may hold 'balance'. */
  balance?: BalanceRow;
  testId: string;
  /** The radio's test id of a method. */
  itemTestId: (payType: T) => string;
  emptyTestId?: string;
}

export function PayTypeList<T extends PayType>({
  payTypes,
  value,
  onChange,
  balance,
  testId,
  itemTestId,
  emptyTestId,
}: PayTypeListProps<T>) {
  const { t } = useTranslation();
  const usable = usablePayTypes(payTypes);
  const payable = usable.some((type) => type !== 'balance' || balance === undefined || balance.enough);
  // Something offered does not work in this browser, and nothing else pays: say where it does.
  const openElsewhere = usable.length < payTypes.length && !payable;
  const notice = openElsewhere ? (
    <List.Item data-testid={`${testId}-open-in-browser`}>{t('ui.payList.openInBrowser')}</List.Item>
  ) : null;
  return (
    <List mode="card" header={t('ui.payList.header')} data-testid={testId}>
      {usable.length === 0 ? (
        (notice ?? <List.Item data-testid={emptyTestId}>{t('ui.payList.empty')}</List.Item>)
      ) : (
        <Radio.Group value={value ?? undefined} onChange={(v) => onChange(v as T)}>
          {usable.map((type) => {
            const disabled = type === 'balance' && balance !== undefined && !balance.enough;
            return (
              <List.Item
                key={type}
                disabled={disabled}
                onClick={disabled ? undefined : () => onChange(type)}
                arrowIcon={false}
                description={
                  type === 'balance' && balance ? (
                    <span data-testid={balance.testId}>
                      {t('ui.payList.balanceHint', { amount: balance.amount })}
                      {disabled ? (
                        <span className="pay-type-list__short" data-testid={balance.shortTestId}>
                          {' '}
                          {t('ui.payList.balanceShort')}
                        </span>
                      ) : null}
                    </span>
                  ) : undefined
                }
                extra={<Radio value={type} disabled={disabled} data-testid={itemTestId(type)} />}
              >
                <span className="pay-type-list__method">
                  <PayTypeIcon type={type} />
                  {t(`ui.payType.${type}`)}
                </span>
              </List.Item>
            );
          })}
          {notice}
        </Radio.Group>
      )}
    </List>
  );
}
