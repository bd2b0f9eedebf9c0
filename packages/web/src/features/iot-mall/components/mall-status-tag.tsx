/** The status of a mall order (dictionary `integral_order_status`), 待自提 for a pickup waiting at its store (SCREENS §6). */
import type { IntegralShopOrder } from '@haoka/contract';
import { useTranslation } from '../../../i18n/react';
import { DictTag, useDictLabel } from '../../site/dict-label';
import { awaitsPickup } from '../mall-rules';
import '../i18n';

type StatusFacts = Pick<IntegralShopOrder, 'status' | 'deliveryType'>;

/** The label of an order's status. */
export function useMallStatusLabel(): (order: StatusFacts) => string {
  const { t } = useTranslation();
  const label = useDictLabel('integral_order_status');
  return (order) => (awaitsPickup(order) ? t('iotMall.status.s2pickup') : label(order.status));
}

export function MallStatusTag({ order, testId }: { order: StatusFacts; testId?: string }) {
  const label = useMallStatusLabel();
  return <DictTag type="integral_order_status" value={order.status} label={label(order)} testId={testId} />;
}
