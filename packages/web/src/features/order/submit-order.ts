/**
 * Placing a shop order from a form (SCREENS §1 goods/pretty and goods/general, §5.1–5.2): the body with
 * the promoter context of the kept query, one idempotency key per intent, the loading mask, the
 * submit_order beacon, then the pay page when there is something to pay, else the caller's result view.
 * 32001 / 30001 / 30003 are the request wrapper's dialogs.
 */
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { currentUrl, keptQuery, navigateTo } from '../../platform/navigation';
import { useAction } from '../../platform/use-action';
import { useLayoutStore } from '../../stores/layout';
import { reportPoint } from '../site/api/report-point';
import { type CreatedOrder, type CreateOrderBody, createOrder } from './api/create-order';
import { createOrderIntent } from './order-intent';
import { ORDER_PAY_PATH } from './paths';
import './i18n';

export type OrderTarget = { orderType: 1; numberId: number; packageId?: number } | { orderType: 2; goodsId: number };

export interface OrderContact {
  contactName: string;
  idCard: string;
  contactMobile: string;
  smsCode?: string;
  provinceCode: string;
  cityCode: string;
  /** A city without counties sends its own code (the region pickers do so). */
  countyCode: string;
  addressDetail: string;
}

export type OrderPayload = Omit<CreateOrderBody, 'uuid'>;

/** The body without its key: target, trimmed contact, the agreement and the kept promoter context. */
export function buildOrderPayload(target: OrderTarget, contact: OrderContact): OrderPayload {
  const kept = keptQuery();
  const promoCode = kept.promoCode || useLayoutStore.getState().promoCode || undefined;
  return {
    ...target,
    contactName: contact.contactName.trim(),
    idCard: contact.idCard.trim().toUpperCase(),
    contactMobile: contact.contactMobile.trim(),
    smsCode: contact.smsCode?.trim() || undefined,
    provinceCode: contact.provinceCode,
    cityCode: contact.cityCode,
    countyCode: contact.countyCode || contact.cityCode,
    addressDetail: contact.addressDetail.trim(),
    agreeProtocol: 1,
    promoCode,
    pageCode: kept.pageCode || undefined,
    bd_vid: kept.bd_vid || undefined,
  };
}

/**
 * `submit(payload)` places the order; resolves with it (null when refused or while one is under way). A
 * paid order goes to the pay page; a free one is kept in `done` for the result view.
 */
export function useOrderSubmit() {
  const { t } = useTranslation();
  const intent = useRef(createOrderIntent()).current;
  const [done, setDone] = useState<CreatedOrder | null>(null);
  const place = useAction(
    (payload: OrderPayload) => createOrder({ ...payload, uuid: intent.uuidFor(payload as Record<string, unknown>) }),
    {
      loading: t('order.submit.submitting'),
      onSuccess: (created, payload) => {
        reportPoint({
          event: 'submit_order',
          page: currentUrl().split('?')[0] ?? '',
          pageCode: payload.pageCode,
          orderSn: created.orderSn,
        });
        if (created.needPay) navigateTo(ORDER_PAY_PATH, { orderSn: created.orderSn });
        else setDone(created);
      },
      // A refusal was told by the request wrapper (toast or dialog).
    },
  );
  const { run } = place;
  const submit = useCallback(async (payload: OrderPayload) => (await run(payload)) ?? null, [run]);

  return { submit, done };
}
