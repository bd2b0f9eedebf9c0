/**
 * A bar of menus whose panels drop down under it over a mask (the number filter's 运营商 / 号段), looking
 * and behaving like antd-mobile's Dropdown: a tap opens an item's panel, the same tap, the mask or Escape
 * closes it, another item switches to its panel; an item without a panel just reports the tap. The
 * shop's own because antd-mobile's slides its panel with react-spring inside a Popup, which the first
 * screen does not otherwise need (docs/performance.md). Not modal: the bar stays live while a panel is
 * open (platform/modal-focus.ts leaves it alone).
 */
import { DownFill } from 'antd-mobile-icons';
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react';
import './dropdown.css';

export interface DropdownItem {
  key: string;
  title: ReactNode;
  /** The title in the primary colour (its filter is set). */
  highlight?: boolean;
  /** The panel; without one the item is a plain button. */
  content?: ReactNode;
}

export interface DropdownProps {
  items: readonly DropdownItem[];
  /** The item whose panel is open, or null. */
  activeKey: string | null;
  onChange: (key: string | null) => void;
}

export function Dropdown({ items, activeKey, onChange }: DropdownProps) {
  const { t } = useTranslation();
  const id = useId();
  const nav = useRef<HTMLDivElement>(null);
  const active = items.find((item) => item.key === activeKey && item.content !== undefined);
  const open = active !== undefined;
  // The panel hangs from the bar's bottom edge where it is on screen (the bar may be sticky): measured
  // once as a panel opens, before the browser paints it (not after every render while it is open).
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    if (open) setTop(nav.current?.getBoundingClientRect().bottom ?? 0);
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onChange(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onChange]);

  return (
    <div className={`hk-dropdown${active ? ' hk-dropdown--open' : ''}`}>
      <div className="hk-dropdown__nav" ref={nav}>
        {items.map((item) => {
          const shown = item === active;
          return (
            <button
              key={item.key}
              type="button"
              className={`hk-dropdown__item${item.highlight ? ' hk-dropdown__item--highlight' : ''}`}
              aria-expanded={item.content === undefined ? undefined : shown}
              aria-controls={shown ? `${id}-panel` : undefined}
              onClick={() => onChange(shown ? null : item.key)}
            >
              <span className="hk-dropdown__title">{item.title}</span>
              <DownFill className={`hk-dropdown__arrow${shown ? ' hk-dropdown__arrow--open' : ''}`} aria-hidden />
            </button>
          );
        })}
      </div>
      {active ? (
        <div className="hk-dropdown__popup" style={{ top }}>
          <button
            type="button"
            className="hk-dropdown__mask"
            onClick={() => onChange(null)}
            aria-label={t('a11y.close')}
          />
          <div className="hk-dropdown__body" id={`${id}-panel`}>
            {active.content}
          </div>
        </div>
      ) : null}
    </div>
  );
}
