/**
 * 我的订单 (SCREENS §1 order/index): tabs 全部 / 待支付 … 已完成 (the tab lives in ?status=), the shopper's
 * orders of the tab as an infinite list, cancel with a confirm, and 退出 in the header. Without a shopper
 * session the API answers 61 and the request wrapper takes the shopper to the login page and back here.
 */
import type { ShopOrder } from '@haoka/contract';
import { Button, Tabs } from 'antd-mobile';
import { useMemo } from 'react';
import { InfiniteList } from '../../../components/infinite-list';
import { useTranslation } from '../../../i18n/react';
import { showModal, showToast } from '../../../platform/feedback';
import { goHome, redirectTo, SHOP_LOGIN_PATH } from '../../../platform/navigation';
import { usePageHeaderRight } from '../../../platform/page-header-right';
import { useQueryClient } from '../../../platform/query';
import { useAction } from '../../../platform/use-action';
import { logoutShopper } from '../../auth/api/logout-shopper';
import { useDictLabel } from '../../site/dict-label';
import { cancelOrder } from '../api/cancel-order';
import { listOrders, ORDERS_KEY, orderListQueryKey } from '../api/list-orders';
import { ORDER_TABS } from '../order-status';
import { ORDER_LIST_PATH } from '../paths';
import { OrderCard } from './order-card';
import './order.css';
import '../i18n';

const tabKey = (status: number | null) => (status === null ? 'all' : String(status));

export function OrderList({ status }: { status: number | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const statusLabel = useDictLabel('shop_order_status');

  const logoutButton = useMemo(() => {
    const logout = async () => {
      await logoutShopper(client);
      showToast(t('order.list.loggedOut'));
      redirectTo(SHOP_LOGIN_PATH, { redirect: ORDER_LIST_PATH });
    };
    return (
      <button type="button" className="order-logout" onClick={() => void logout()} data-testid="order-logout">
        {t('order.list.logout')}
      </button>
    );
  }, [client, t]);
  usePageHeaderRight(logoutButton);

  // A refusal (当前状态不可取消) is told by the request wrapper.
  const cancelling = useAction((orderSn: string) => cancelOrder(orderSn), {
    loading: true,
    onSuccess: async () => {
      showToast(t('order.list.cancelled'), { icon: 'success' });
      await client.invalidateQueries({ queryKey: [ORDERS_KEY] });
    },
  });
  const cancel = async (order: ShopOrder) => {
    if (await showModal({ content: t('order.list.cancelConfirm') })) await cancelling.run(order.orderSn);
  };

  return (
    <div className="order-page" data-testid="order-page" data-tab={tabKey(status)}>
      <Tabs
        className="order-tabs"
        activeKey={tabKey(status)}
        onChange={(key) => redirectTo(ORDER_LIST_PATH, { status: key === 'all' ? null : key })}
        data-testid="order-tabs"
      >
        {ORDER_TABS.map((s) => (
          <Tabs.Tab key={tabKey(s)} title={s === null ? t('order.list.all') : statusLabel(s)} />
        ))}
      </Tabs>
      <InfiniteList<ShopOrder>
        key={tabKey(status)}
        queryKey={orderListQueryKey(status)}
        fetchPage={(page, pageSize) => listOrders({ status: status ?? undefined, page, pageSize })}
        itemKey={(o) => o.orderSn}
        renderItem={(o) => (
          <OrderCard
            order={o}
            onCancel={(x) => void cancel(x)}
            onReviewed={() => void client.invalidateQueries({ queryKey: [ORDERS_KEY] })}
          />
        )}
        className="order-list"
        emptyText={t('order.list.empty')}
        emptyAction={
          <Button color="primary" size="small" onClick={() => goHome()} data-testid="order-browse">
            {t('order.list.browse')}
          </Button>
        }
      />
    </div>
  );
}
