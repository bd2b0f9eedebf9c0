/** A grid of SimLayout menus (home and 更多服务); a cell opens its route or, for http, the web view. */
import type { Menu } from '@haoka/contract';
import { Badge, Grid } from 'antd-mobile';
import { AppstoreOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../i18n/react';
import { navigateTo, navigateUrl } from '../../../platform/navigation';
import { homeMenus, layoutTarget, MORE_MENU_PATH } from '../menu-rules';
import { type ModulePlace, moduleLabel } from '../module-labels';
import './menu-grid.css';
import '../i18n';

export function openLayoutPath(path: string, title = ''): void {
  const target = layoutTarget(path, title);
  if (target) navigateUrl(target);
}

/** The label of a layout menu at its place: the catalogue's for a known module, else the shop's name. */
export function useMenuLabel(place: Extract<ModulePlace, 'menu' | 'user'>): (menu: Menu) => string {
  const { i18n } = useTranslation();
  return (menu) => moduleLabel(i18n.language, place, menu.key, menu.name);
}

function MenuCell({ menu, place }: { menu: Menu; place: 'menu' | 'user' }) {
  const label = useMenuLabel(place)(menu);
  return (
    <button
      type="button"
      className="iot-menu__cell"
      onClick={() => openLayoutPath(menu.path, label)}
      data-testid="iot-menu-item"
      data-key={menu.key}
    >
      <Badge content={menu.badge || null}>
        {menu.icon ? <img className="iot-menu__icon" src={menu.icon} alt="" /> : <AppstoreOutline fontSize={28} />}
      </Badge>
      <span className="iot-menu__name">{label}</span>
    </button>
  );
}

export function MenuGrid({
  menus,
  place = 'menu',
  testId = 'iot-menu-grid',
}: {
  menus: readonly Menu[];
  /** Where the menus come from: the home menus (`simLayout.menus`) or the 我的 entries (`user.elements`). */
  place?: 'menu' | 'user';
  testId?: string;
}) {
  return (
    <Grid columns={5} gap={8} className="iot-menu" data-testid={testId}>
      {menus.map((menu) => (
        <Grid.Item key={menu.key}>
          <MenuCell menu={menu} place={place} />
        </Grid.Item>
      ))}
    </Grid>
  );
}

/** The home grid: the first maxMenuTimes menus, then 更多 → moreMenu when there are more. */
export function HomeMenuGrid({ menus, maxMenuTimes }: { menus: readonly Menu[]; maxMenuTimes: number }) {
  const { t } = useTranslation();
  const { items, more } = homeMenus(menus, maxMenuTimes);
  if (items.length === 0) return null;
  return (
    <Grid columns={5} gap={8} className="iot-menu" data-testid="iot-menu-grid">
      {items.map((menu) => (
        <Grid.Item key={menu.key}>
          <MenuCell menu={menu} place="menu" />
        </Grid.Item>
      ))}
      {more ? (
        <Grid.Item>
          <button
            type="button"
            className="iot-menu__cell"
            onClick={() => navigateTo(MORE_MENU_PATH)}
            data-testid="iot-menu-more"
          >
            <AppstoreOutline fontSize={28} />
            <span className="iot-menu__name">{t('iotCore.more')}</span>
          </button>
        </Grid.Item>
      ) : null}
    </Grid>
  );
}
