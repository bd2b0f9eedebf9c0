/**
 * 订单记录 (SCREENS §3 orderLogs/index): tabs 套餐订单 / 充值订单 / 余额明细, the tab in `?tab=package|
 * balance|balanceLog` (套餐订单 by default). Each list is also a page of its own (PackageList,
 * BalanceList, BalanceLogList).
 */
import { Tabs } from 'antd-mobile';
import { useTranslation } from '../../../i18n/react';
import { redirectTo } from '../../../platform/navigation';
import { usePageQuery } from '../../../platform/use-page-query';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { ORDER_LOG_TABS, ORDER_LOGS_PATH, type OrderLogTab, orderLogTabOf } from '../paths';
import { BalanceLogList } from './balance-log-list';
import { BalanceOrderList } from './balance-order-list';
import { PackageOrderList } from './package-order-list';
import './order-logs.css';

function TabContent({ tab, simNo }: { tab: OrderLogTab; simNo: string }) {
  if (tab === 'balance') return <BalanceOrderList simNo={simNo} />;
  if (tab === 'balanceLog') return <BalanceLogList simNo={simNo} />;
  return <PackageOrderList simNo={simNo} />;
}

export function OrderLogsPage() {
  const { t } = useTranslation();
  const query = usePageQuery();
  const tab = orderLogTabOf(query.tab);
  return (
    <IotGuard>
      {(simNo) => (
        <div className="money-logs iot-page" data-testid="order-logs-page" data-tab={tab}>
          <Tabs
            className="money-tabs"
            activeKey={tab}
            onChange={(key) => redirectTo(ORDER_LOGS_PATH, { tab: key })}
            data-testid="order-logs-tabs"
          >
            {ORDER_LOG_TABS.map((key) => (
              <Tabs.Tab
                key={key}
                title={<span data-testid={`order-logs-tab-${key}`}>{t(`iotBuy.logs.tab.${key}`)}</span>}
              />
            ))}
          </Tabs>
          <TabContent key={`${simNo}|${tab}`} tab={tab} simNo={simNo} />
        </div>
      )}
    </IotGuard>
  );
}

/** One list as a page of its own (orderLogs/PackageList, BalanceList, BalanceLogList). */
export function OrderLogListPage({ tab }: { tab: OrderLogTab }) {
  return (
    <IotGuard>
      {(simNo) => (
        <div className="money-logs iot-page" data-testid={`order-log-list-${tab}`}>
          <TabContent key={simNo} tab={tab} simNo={simNo} />
        </div>
      )}
    </IotGuard>
  );
}
