/** The status tag of a mall order, 待自提 for a pickup waiting at its store (SCREENS §6). */
import type { IntegralShopOrder } from '@haoka/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { statusColour, statusKey } from '../mall-rules';
import '../i18n';

export function MallStatusTag({
  order,
  testId,
}: {
  order: Pick<IntegralShopOrder, 'status' | 'deliveryType'>;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Tag color={statusColour(order.status)} fill="outline" data-testid={testId} data-status={order.status}>
      {t(statusKey(order))}
    </Tag>
  );
}
