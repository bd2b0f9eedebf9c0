/** 更多服务 (SCREENS §3 moreMenu): every switched-on menu, grouped by `group`; empty → 暂无更多服务. */

import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { useSimInfo } from '../api/get-sim-info';
import { groupMenus } from '../menu-rules';
import { groupLabel } from '../module-labels';
import { IotGuard } from './iot-guard';
import { IotTabBar } from './iot-tab-bar';
import { MenuGrid } from './menu-grid';
import './more-menu.css';
import '../i18n';

function MoreMenuView({ simNo }: { simNo: string }) {
  const { t, i18n } = useTranslation();
  const info = useSimInfo(simNo);
  const sim = info.data && info.data.simNo === simNo ? info.data : undefined;
  const groups = sim ? groupMenus(sim.simLayout.menus, t('iotCore.moreMenu.defaultGroup')) : [];
  return (
    <div className="iot-more iot-page" data-testid="iot-more-menu">
      <PageState
        loading={!sim && info.isPending}
        error={!sim && info.isError ? info.error : undefined}
        onRetry={() => void info.refetch()}
        empty={groups.length === 0}
        emptyText={t('iotCore.moreMenu.empty')}
      >
        {groups.map(({ group, items }) => (
          <section key={group} className="iot-more__group" data-testid="iot-menu-group">
            <h3 className="iot-more__title">{groupLabel(i18n.language, group)}</h3>
            <MenuGrid menus={items} testId="iot-more-grid" />
          </section>
        ))}
      </PageState>
      {sim ? <IotTabBar tabBar={sim.simLayout.tabBar} /> : null}
    </div>
  );
}

export function MoreMenuPage() {
  return <IotGuard>{(simNo) => <MoreMenuView key={simNo} simNo={simNo} />}</IotGuard>;
}
