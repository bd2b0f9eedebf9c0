/**
 * A row of tabs that switch what the page shows below them (the storefront home's 靓号 / 号卡 groups),
 * looking like antd-mobile's Tabs (stretched tabs, the active one in the primary colour over a line).
 * The shop's own because antd-mobile's animates its line with react-spring, which the first screen does
 * not otherwise need (docs/performance.md). A WAI-ARIA tablist: the active tab is the one in the tab
 * order, the arrow keys, Home and End move between tabs and choose them.
 */
import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import './tabs.css';

export interface TabItem {
  key: string;
  title: ReactNode;
}

export interface TabsProps {
  items: readonly TabItem[];
  activeKey: string;
  onChange: (key: string) => void;
  className?: string;
  'data-testid'?: string;
}

export function Tabs({ items, activeKey, onChange, className, 'data-testid': testId }: TabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    const item = items[to];
    if (!item) return;
    event.preventDefault();
    onChange(item.key);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[to]?.focus();
  };
  return (
    <div className={`hk-tabs${className ? ` ${className}` : ''}`} data-testid={testId}>
      <div className="hk-tabs__list" role="tablist" ref={list}>
        {items.map((item, index) => {
          const active = item.key === activeKey;
          return (
            <div className="hk-tabs__wrapper" key={item.key}>
              <button
                type="button"
                role="tab"
                aria-selected={active}
                tabIndex={active ? 0 : -1}
                className={`hk-tabs__tab${active ? ' hk-tabs__tab--active' : ''}`}
                onClick={() => {
                  if (!active) onChange(item.key);
                }}
                onKeyDown={(event) => move(event, index)}
              >
                {item.title}
              </button>
            </div>
          );
        })}
      </div>
    </div>
  );
}
