/**
 * The card's state on the card home (issue 17, SCREENS §3/§6): why a stopped or limited card is so, in one
 * plain sentence, and the one action that fixes it — 一键缴费 for exactly the arrears, 解除限制, 去实名,
 * 订购套餐 / 加油包, 联系客服, 设备管理, or 刷新状态 while the operator resumes the card. The violation's
 * blocking prompt uses the same sentence and action (`useCardStateAction`).
 */
import type { SimInfo } from '@haoka/contract';
import { Button } from 'antd-mobile';
import { useMemo } from 'react';
import { withTexts } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { navigateTo } from '../../../platform/navigation';
import { useQueryClient } from '../../../platform/query';
import { useAction } from '../../../platform/use-action';
import { createOrderIntent } from '../../order/order-intent';
import { putSimInfo, simInfoQueryKey } from '../api/get-sim-info';
import { removeSimBreak } from '../api/remove-sim-break';
import { type CardStateAction, type CardStatePresentation, cardStatePresentation } from '../card-state-rules';
import './card-state.css';
import '../i18n';

/** The action's button text. */
export function useActionLabel(sim: SimInfo | undefined) {
  const { t } = useTranslation();
  return (action: CardStateAction) => t(`iotState.action.${action.label}`, { amount: sim?.arrearsBalance ?? '' });
}

/** 一键缴费's order and payment, downloaded on the first tap: the payment kit is no part of the card home's first screen. */
const loadPayArrears = () => withTexts(import('../../iot-buy/pay-arrears'));

/** Runs a card state's action; one at a time (a second tap while one runs is ignored). */
export function useCardStateAction(sim: SimInfo | undefined, simNo: string, onRefresh: () => Promise<void>) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const intent = useMemo(() => createOrderIntent(), []);
  const arrears = sim?.arrearsBalance ?? '';
  const breakRuleId = sim?.breakRuleId ?? 0;
  const action = useAction(
    async (run: CardStateAction) => {
      if (run.kind === 'open') navigateTo(run.path, run.query);
      else if (run.kind === 'refresh') await onRefresh();
      else if (run.kind === 'payArrears') await (await loadPayArrears()).payArrears(arrears, intent);
      else {
        putSimInfo(client, simNo, await removeSimBreak(breakRuleId));
        showToast(t('iotState.breakRemoved'), { icon: 'success' });
      }
    },
    {
      loading: (run) => run.kind === 'payArrears' || run.kind === 'removeBreak',
      // The request wrapper said why (欠费金额已变化, 40001 …); the card is read again.
      onError: () => void client.invalidateQueries({ queryKey: simInfoQueryKey(simNo) }),
    },
  );
  return action.run;
}

/** The sentence of a presentation, with the amount owed. */
export function useStateText(sim: SimInfo | undefined) {
  const { t } = useTranslation();
  return (p: CardStatePresentation) => t(`iotState.text.${p.text}`, { amount: sim?.arrearsBalance ?? '' });
}

export function CardStatePanel({
  sim,
  simNo,
  onRefresh,
}: {
  sim: SimInfo;
  simNo: string;
  onRefresh: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const run = useCardStateAction(sim, simNo, onRefresh);
  const label = useActionLabel(sim);
  const text = useStateText(sim);
  const state = cardStatePresentation(sim);
  if (!state) return null;
  return (
    <section
      className={`iot-state iot-state--${state.tone}`}
      role="status"
      aria-labelledby="iot-state-title"
      data-testid="iot-card-state"
      data-condition={state.condition}
    >
      <h2 className="iot-state__title" id="iot-state-title" data-testid="iot-card-state-title">
        {t(`iotState.title.${state.title}`)}
      </h2>
      <p className="iot-state__text" data-testid="iot-card-state-text">
        {text(state)}
      </p>
      {state.detail ? (
        <p className="iot-state__detail" data-testid="iot-card-state-detail">
          {state.detail}
        </p>
      ) : null}
      <Button
        className="iot-state__action"
        color={state.tone === 'danger' ? 'danger' : 'primary'}
        size="middle"
        block
        onClick={() => void run(state.action)}
        data-testid="iot-card-state-action"
        data-action={state.action.kind === 'open' ? state.action.label : state.action.kind}
      >
        {label(state.action)}
      </Button>
    </section>
  );
}
