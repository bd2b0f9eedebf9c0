/**
 * A bottom tab bar (the shop's, SPEC §2, and the card's, SCREENS §3): a row of buttons, each an icon over
 * its title; the active one is marked `aria-current="page"`, and a tap on another calls `onChange` with
 * its key. The shop's own rather than antd-mobile's TabBar, which walked its children with react-is
 * (about 1.5 KB gzip of every first screen, with its Badge and SafeArea) and drew tabs as `div`s that a
 * keyboard cannot reach. The bar ends with the bottom safe area.
 */
import type { ReactNode } from 'react';
import './tab-bar.css';

export interface TabBarItem {
  key: string;
  title: ReactNode;
  /** The icon, drawn for the tab's state. */
  icon: (active: boolean) => ReactNode;
  className?: string;
}

export function TabBar({
  items,
  activeKey,
  onChange,
}: {
  items: readonly TabBarItem[];
  activeKey: string | null;
  onChange: (key: string) => void;
}) {
  return (
    <div className="tab-bar">
      <div className="tab-bar__items">
        {items.map((item) => {
          const active = item.key === activeKey;
          return (
            <button
              type="button"
              key={item.key}
              className={['tab-bar__item', active ? 'tab-bar__item--active' : '', item.className ?? '']
                .filter(Boolean)
                .join(' ')}
              aria-current={active ? 'page' : undefined}
              onClick={() => {
                if (!active) onChange(item.key);
              }}
            >
              <span className="tab-bar__icon">{item.icon(active)}</span>
              <span className="tab-bar__title">{item.title}</span>
            </button>
          );
        })}
      </div>
      <div className="tab-bar__safe-area" />
    </div>
  );
}
