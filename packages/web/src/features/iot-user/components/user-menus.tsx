/**
 * The entries of IoT 我的 (SCREENS §4 user/index): simLayout.user.elements with switch=1 in the layout
 * menu grid, the first user.maxMenuTimes (default 10) then 更多 → user/moreMenu; and 更多 itself
 * (user/moreMenu): every switched-on element as a list, 暂无更多功能 when none. A tap follows the same
 * rule as the card home's menus (a route, or an http URL in the web view).
 */
import type { Menu, SimLayout } from '@haoka/contract';
import { Badge, List } from 'antd-mobile';
import { AppstoreOutline } from 'antd-mobile-icons';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { IotTabBar } from '../../iot-core/components/iot-tab-bar';
import { MenuGrid, openLayoutPath, useMenuLabel } from '../../iot-core/components/menu-grid';
import { visibleMenus } from '../../iot-core/menu-rules';
import { useSimInfoOnShow } from '../api/use-sim-info-on-show';
import { userEntries } from '../user-rules';
import './user-menus.css';
import '../i18n';
import '../../iot-core/i18n';

export function UserEntries({ user }: { user: SimLayout['user'] }) {
  const { t } = useTranslation();
  const entries = userEntries(user, t('iotCore.more'));
  if (entries.length === 0) return null;
  return <MenuGrid menus={entries} place="user" testId="user-entries" />;
}

function MenuIcon({ menu }: { menu: Menu }) {
  return menu.icon ? (
    <img className="iot-user-more__icon" src={menu.icon} alt="" />
  ) : (
    <AppstoreOutline className="iot-user-more__icon" />
  );
}

function MoreMenuView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const label = useMenuLabel('user');
  const info = useSimInfoOnShow(simNo);
  const { sim } = info;
  const menus = sim ? visibleMenus(sim.simLayout.user.elements) : [];
  return (
    <div className="iot-user iot-page" data-testid="user-more-menu">
      <PageState
        loading={!sim && info.isPending}
        error={!sim && info.isError ? info.error : undefined}
        onRetry={() => void info.refetch()}
        empty={menus.length === 0}
        emptyText={t('iotUser.moreMenu.empty')}
      >
        <List mode="card">
          {menus.map((menu) => (
            <List.Item
              key={menu.key}
              prefix={<MenuIcon menu={menu} />}
              extra={menu.badge ? <Badge content={menu.badge} /> : null}
              onClick={() => openLayoutPath(menu.path, label(menu))}
              arrow
              data-testid="user-more-item"
            >
              {label(menu)}
            </List.Item>
          ))}
        </List>
      </PageState>
      {sim ? <IotTabBar tabBar={sim.simLayout.tabBar} /> : null}
    </div>
  );
}

export function UserMoreMenuPage() {
  return <IotGuard>{(simNo) => <MoreMenuView key={simNo} simNo={simNo} />}</IotGuard>;
}
