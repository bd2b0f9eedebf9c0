/**
 * 充值支付 (SCREENS §3 balance/pay): the cashier of a recharge order, `?orderSn=` (and `&from=pay` when
 * the provider's page sends the holder back, API.md GET /api/pay/return).
 */
import { IotGuard } from '../../iot-core/components/iot-guard';
import { useCashierQuery } from '../../payment/cashier';
import { IotCashier } from './iot-cashier';
import './common.css';

export function BalancePayPage() {
  const { orderSn, fromPay } = useCashierQuery();
  return (
    <IotGuard>
      {(simNo) => (
        <div className="money-page-wrap" data-testid="balance-pay-page">
          <IotCashier key={`${simNo}|${orderSn}|${fromPay}`} orderSn={orderSn} fromPay={fromPay} />
        </div>
      )}
    </IotGuard>
  );
}
