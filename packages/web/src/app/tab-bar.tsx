/** Shop tab bar (SPEC §2): home and mine, green when selected, grey text, icons under /static/tabbar. */
import { TabBar } from '../components/tab-bar';
import { useTranslation } from '../i18n/react';
import { switchTab } from '../platform/navigation';

/** SCREENS §0: selected green, grey text (theme.css). */
export const TAB_SELECTED_COLOR = 'var(--hk-color-tab-selected)';
export const TAB_TEXT_COLOR = 'var(--hk-color-tab-text)';

const base = import.meta.env.BASE_URL;
const TABS = [
  { key: '/pages/index/index', titleKey: 'common.home', icon: 'home' },
  { key: '/pages/user/index2', titleKey: 'common.mine', icon: 'mine' },
] as const;

export function ShopTabBar({ activeIndex }: { activeIndex: 0 | 1 }) {
  const { t } = useTranslation();
  return (
    <nav className="shop-tab-bar" aria-label="tabs">
      <TabBar
        activeKey={TABS[activeIndex].key}
        onChange={(key) => switchTab(key)}
        items={TABS.map((tab) => ({
          key: tab.key,
          title: (
            <span
              style={{ color: tab.key === TABS[activeIndex].key ? TAB_SELECTED_COLOR : TAB_TEXT_COLOR }}
              data-testid={`tab-${tab.icon}`}
            >
              {t(tab.titleKey)}
            </span>
          ),
          icon: (active) => (
            <img
              className="tab-icon"
              src={`${base}static/tabbar/${tab.icon}${active ? '-active' : ''}.png`}
              alt=""
              width={22}
              height={22}
            />
          ),
        }))}
      />
    </nav>
  );
}
