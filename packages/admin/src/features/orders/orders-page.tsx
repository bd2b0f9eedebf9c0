/** Orders: the shop's own orders, card (IoT) orders and points-mall orders, one tab each. */
import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CardOrders, MallOrders } from './other-orders';
import { ShopOrders } from './shop-orders';

export function OrdersPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="orders-title">
      <Typography.Title level={2} id="orders-title">
        {t('orders.title')}
      </Typography.Title>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'shop', label: t('orders.tabShop'), children: <ShopOrders /> },
          { key: 'card', label: t('orders.tabCard'), children: <CardOrders /> },
          { key: 'mall', label: t('orders.tabMall'), children: <MallOrders /> },
        ]}
      />
    </section>
  );
}
