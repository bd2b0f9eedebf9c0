/**
 * The IoT tab bar from simLayout.tabBar (SCREENS §3): shown when switch=1; items with switch=0 hidden;
 * middleBulge=1 raises the middle item. A tab path may be a route or an http URL (web view).
 */
import type { SimLayout } from '@haoka/contract';
import { TabBar } from '../../../components/tab-bar';
import { useTranslation } from '../../../i18n/react';
import { navigateUrl } from '../../../platform/navigation';
import { useLocation } from '../../../platform/router';
import { layoutTarget } from '../menu-rules';
import { tabLabel } from '../module-labels';
import './iot-tab-bar.css';

export function visibleTabs(tabBar: SimLayout['tabBar']): SimLayout['tabBar']['items'] {
  return tabBar.switch === 1 ? tabBar.items.filter((item) => item.switch === 1) : [];
}

export function IotTabBar({ tabBar }: { tabBar: SimLayout['tabBar'] }) {
  const { i18n } = useTranslation();
  const { pathname } = useLocation();
  const items = visibleTabs(tabBar);
  if (items.length === 0) return null;
  const activeIndex = items.findIndex((item) => (item.path.split('?')[0] ?? '') === pathname);
  const bulgeIndex = tabBar.middleBulge === 1 && items.length % 2 === 1 ? (items.length - 1) / 2 : -1;
  const open = (key: string) => {
    const item = items[Number(key)];
    const target = item ? layoutTarget(item.path, tabLabel(i18n.language, item.path, item.text)) : null;
    if (target && Number(key) !== activeIndex) navigateUrl(target, true);
  };
  return (
    <nav className="iot-tab-bar" aria-label="iot-tabs" data-testid="iot-tab-bar">
      <TabBar
        activeKey={activeIndex >= 0 ? String(activeIndex) : null}
        onChange={open}
        items={items.map((item, index) => ({
          key: String(index),
          className: index === bulgeIndex ? 'iot-tab-bar__bulge' : undefined,
          title: <span data-testid="iot-tab">{tabLabel(i18n.language, item.path, item.text)}</span>,
          icon: (active) => {
            const src = active && item.selectedIcon ? item.selectedIcon : item.icon;
            const bulge = index === bulgeIndex;
            const size = bulge ? 44 : 22;
            const picture = {
              className: bulge ? 'iot-tab-bar__bulge-icon' : 'tab-icon',
              'data-bulge': bulge ? '1' : undefined,
            };
            // A tab the layout gives no picture keeps the picture's place (an empty src is no picture).
            return src ? (
              <img {...picture} src={src} alt="" width={size} height={size} />
            ) : (
              <span {...picture} style={{ width: size, height: size }} aria-hidden />
            );
          },
        }))}
      />
    </nav>
  );
}
