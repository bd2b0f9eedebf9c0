/**
 * 一键缴费 (the card home's arrears action): an ordinary recharge order for exactly the arrears the holder
 * was shown (`createBalanceOrder {arrears}`), with the first online pay type of the card, then the same
 * payment as 余额充值 — the provider's page and back to 充值支付. Without an online pay type the holder
 * lands on 余额充值, which says why. The server refuses a changed amount (欠费金额已变化).
 */

import { navigateTo } from '../../platform/navigation';
import { browser } from '../order/browser';
import type { OrderIntent } from '../order/order-intent';
import { followLaunch } from '../payment/launch';
import { usablePayTypes } from '../payment/pay-types';
import { chooseBalance } from './api/choose-balance';
import { createBalanceOrder } from './api/create-balance-order';
import { initialPayType } from './money-rules';
import { BALANCE_PATH, BALANCE_PAY_PATH } from './paths';

export async function payArrears(arrears: string, intent: OrderIntent): Promise<void> {
  const choice = await chooseBalance();
  const payType = initialPayType(usablePayTypes(choice.payTypes));
  if (!payType) {
    navigateTo(BALANCE_PATH);
    return;
  }
  const payload = { arrears, rechargeNo: choice.rechargeNo, payType };
  const launch = await createBalanceOrder({
    ...payload,
    uuid: intent.uuidFor(payload),
    returnUrl: browser.currentUrl(),
  });
  await followLaunch(launch, BALANCE_PAY_PATH);
}
