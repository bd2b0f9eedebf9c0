/**
 * 我的（物联卡） (SCREENS §4 user/index): the card head with 切换卡号, then the blocks — assets, VIP card,
 * carousel, entries, service — and 退出登录 (confirm, then the card logout every IoT page uses). simInfo
 * is asked on every show; pull-down asks again (throttled). The IoT tab bar stays at the bottom.
 */
import type { SimInfo } from '@haoka/contract';
import { Button, Dialog, List } from 'antd-mobile';
import { BellOutline } from 'antd-mobile-icons';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { navigateTo } from '../../../platform/navigation';
import { useQueryClient } from '../../../platform/query';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { useLogoutCard } from '../../iot-core/components/iot-home';
import { IotTabBar } from '../../iot-core/components/iot-tab-bar';
import { ALERTS_PATH } from '../../iot-core/menu-rules';
import { cardCouponsKey } from '../api/get-card-coupons';
import { useSimInfoOnShow } from '../api/use-sim-info-on-show';
import { AssetStrip } from './asset-strip';
import { UserCarousel } from './user-carousel';
import { UserHeader } from './user-header';
import { UserEntries } from './user-menus';
import { ServiceBlock } from './user-service';
import { VipCard } from './vip-card';
import './user-mine.css';
import '../i18n';
import { LanguageSwitch } from '../../../components/language-row';
import { PullRefresh } from '../../../components/pull-refresh';

function LogoutButton() {
  const { t } = useTranslation();
  const logout = useLogoutCard();
  const confirm = async () => {
    const ok = await Dialog.confirm({
      content: t('iotUser.mine.logoutConfirm'),
      confirmText: t('iotUser.mine.logout'),
      cancelText: t('common.cancel'),
    });
    if (ok) logout();
  };
  return (
    <div className="iot-user-logout">
      <Button block onClick={() => void confirm()} data-testid="user-logout">
        {t('iotUser.mine.logout')}
      </Button>
    </div>
  );
}

/** 用量提醒 (issue 25): the card's alerts, whatever the layout lists. */
function AlertsEntry() {
  const { t } = useTranslation();
  return (
    <List mode="card" className="iot-user-alerts">
      <List.Item prefix={<BellOutline />} onClick={() => navigateTo(ALERTS_PATH)} arrow data-testid="user-alerts-entry">
        {t('iotUser.mine.alerts')}
      </List.Item>
    </List>
  );
}

function MineContent({ sim, simNo }: { sim: SimInfo; simNo: string }) {
  const user = sim.simLayout.user;
  return (
    <>
      <UserHeader sim={sim} simNo={simNo} />
      <AssetStrip sim={sim} simNo={simNo} />
      <VipCard order={sim.vipOrder} />
      <UserCarousel carousels={user.carousels} />
      <UserEntries user={user} />
      <AlertsEntry />
      <ServiceBlock sim={sim} />
      <LanguageSwitch />
      <LogoutButton />
    </>
  );
}

function MineView({ simNo }: { simNo: string }) {
  const client = useQueryClient();
  const info = useSimInfoOnShow(simNo);
  const { sim } = info;
  const refresh = async () => {
    await Promise.all([info.refetch(), client.invalidateQueries({ queryKey: cardCouponsKey(simNo) })]);
  };
  return (
    <div className="iot-user iot-page" data-testid="user-mine">
      <PullRefresh onRefresh={refresh}>
        <PageState
          loading={!sim && info.isPending}
          error={!sim && info.isError ? info.error : undefined}
          onRetry={() => void info.refetch()}
          skeletonRows={8}
        >
          {sim ? <MineContent sim={sim} simNo={simNo} /> : null}
        </PageState>
      </PullRefresh>
      {sim ? <IotTabBar tabBar={sim.simLayout.tabBar} /> : null}
    </div>
  );
}

export function UserMinePage() {
  return <IotGuard>{(simNo) => <MineView key={simNo} simNo={simNo} />}</IotGuard>;
}
