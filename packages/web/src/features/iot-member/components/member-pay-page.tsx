/**
 * What 会员支付 and 加速包支付 share (SCREENS §4 vip/pay/index, accelerate/cashier), composed by
 * vip-pay.tsx and accelerate-cashier.tsx: the route (?vipId= / ?accelerateId= pay, ?orderSn= the result
 * of an online payment), the shelf's loading (40001 → the kind's closed view), the product gone or not
 * chosen, and the pay form — the kind's summary, 价格 / 有效期 / 生效时间, MemberCheckout; paid at once →
 * the kind's 开通成功 toast → its centre, with the shelf and the card refreshed.
 */
import type { PayType } from '@haoka/contract';
import { Button, List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useDurationText } from '../../../components/duration';
import { ErrorBlock } from '../../../components/error-block';
import { formatYuan } from '../../../components/money';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { redirectTo } from '../../../platform/navigation';
import { type UseQueryResult, useQueryClient } from '../../../platform/query';
import { usePageQuery } from '../../../platform/use-page-query';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { ACCELERATE_CASHIER_PATH, ACCELERATE_PATH, VIP_PATH, VIP_PAY_PATH } from '../paths';
import { MemberCheckout, type MemberCheckoutProps } from './member-checkout';
import { MemberPayResult } from './member-pay-result';
import { isModuleClosed } from './vip-promo';
import './common.css';
import '../i18n';

export type MemberKind = 'vip' | 'accelerate';

/** Per kind: its centre, this route, and the test ids its screens have always had. */
const KINDS = {
  vip: {
    home: VIP_PATH,
    cashier: VIP_PAY_PATH,
    page: 'vip-pay-page',
    testId: 'vip-pay',
    validityTestId: 'vip-pay-validity',
  },
  accelerate: {
    home: ACCELERATE_PATH,
    cashier: ACCELERATE_CASHIER_PATH,
    page: 'accelerate-cashier-page',
    testId: 'accelerate-pay',
    validityTestId: 'accelerate-pay-duration',
  },
} as const;

/** What both product lists carry besides the products (the contract's buying facts). */
export interface MemberShelf {
  payTypes: readonly PayType[];
  balance: string;
  existPayPassword: 0 | 1;
  nextStartAt: string | null;
}

/** The route: ?orderSn= shows the online payment's result, else `children` gets the id asked for (0 if none). */
export function MemberPayRoute({
  kind,
  idParam,
  children,
}: {
  kind: MemberKind;
  idParam: string;
  children: (simNo: string, id: number) => ReactNode;
}) {
  const query = usePageQuery();
  const orderSn = query.orderSn ?? '';
  const id = Number(query[idParam]);
  return (
    <IotGuard>
      {(simNo) =>
        orderSn ? (
          <div className="member-page iot-page">
            <MemberPayResult key={orderSn} orderSn={orderSn} kind={kind} homePath={KINDS[kind].home} />
          </div>
        ) : (
          children(simNo, Number.isInteger(id) ? id : 0)
        )
      }
    </IotGuard>
  );
}

/** The shelf being loaded: `closed` when the module is off (40001), else the form once it is there. */
export function MemberPayShelf<S>({
  kind,
  shelf,
  closed,
  children,
}: {
  kind: MemberKind;
  shelf: UseQueryResult<S>;
  closed: ReactNode;
  children: (data: S) => ReactNode;
}) {
  if (isModuleClosed(shelf.error)) return closed;
  return (
    <div className="member-page member-page--bar iot-page" data-testid={KINDS[kind].page}>
      <PageState
        loading={shelf.isPending}
        error={shelf.isError ? shelf.error : undefined}
        onRetry={() => void shelf.refetch()}
        skeletonRows={6}
      >
        {shelf.data ? children(shelf.data) : null}
      </PageState>
    </div>
  );
}

/** The product asked for is not on the shelf (any more): say so, with a way back to the centre. */
export function MemberPayMissing({ kind, requestedId }: { kind: MemberKind; requestedId: number }) {
  const { t } = useTranslation();
  return (
    <div className="page-state page-state-empty" data-testid={`${KINDS[kind].testId}-missing`}>
      <ErrorBlock
        status="empty"
        title={requestedId > 0 ? t(`iotMember.${kind}.gone`) : t(`iotMember.${kind}.choose`)}
        description=""
      >
        <Button color="primary" size="small" onClick={() => redirectTo(KINDS[kind].home)}>
          {t(`iotMember.${kind}.backCenter`)}
        </Button>
      </ErrorBlock>
    </div>
  );
}

export interface MemberPayFormProps
  extends Pick<MemberCheckoutProps, 'intent' | 'protocol' | 'send' | 'onStale' | 'children'> {
  kind: MemberKind;
  shelf: MemberShelf;
  /** The product's price (yuan) and validity. */
  product: { price: string; duration: number; durationUnit: number };
  /** The shelf's query keys, refreshed with the card once paid. */
  paidKeys: readonly string[];
}

/** `children` (the kind's summary of what is bought), 价格 / 有效期 / 生效时间, and the pay form. */
export function MemberPayForm({
  kind,
  shelf,
  product,
  paidKeys,
  intent,
  protocol,
  send,
  onStale,
  children,
}: MemberPayFormProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const durationLabel = useDurationText();
  const { home, cashier, testId, validityTestId } = KINDS[kind];
  return (
    <MemberCheckout
      amount={product.price}
      payTypes={shelf.payTypes}
      balance={shelf.balance}
      existPayPassword={shelf.existPayPassword}
      intent={intent}
      protocol={protocol}
      send={send}
      cashierPath={cashier}
      onPaid={() => {
        for (const key of [...paidKeys, 'simInfo']) void client.invalidateQueries({ queryKey: [key] });
        showToast(t(`iotMember.result.success.${kind}`), { icon: 'success' });
        redirectTo(home);
      }}
      onStale={onStale}
    >
      {children}
      <List mode="card">
        <List.Item extra={<span data-testid={`${testId}-price`}>{formatYuan(product.price)}</span>}>
          {t('iotMember.confirm.price')}
        </List.Item>
        <List.Item
          extra={<span data-testid={validityTestId}>{durationLabel(product.duration, product.durationUnit)}</span>}
        >
          {t('iotMember.confirm.validity')}
        </List.Item>
        <List.Item
          extra={
            <span data-testid={`${testId}-start`}>
              {shelf.nextStartAt
                ? t('iotMember.common.startsAt', { time: shelf.nextStartAt })
                : t('iotMember.common.startsNow')}
            </span>
          }
        >
          {t('iotMember.confirm.start')}
        </List.Item>
      </List>
    </MemberCheckout>
  );
}
