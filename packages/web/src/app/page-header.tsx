/**
 * The shell's navigation bar (SPEC §9: light grey): back, the page title as the page's heading, and the
 * page's own control at the right. antd-mobile's NavBar marks its left side `role=button` even with no
 * back arrow, with no name and no keyboard focus; here back is a real button named 返回.
 */
import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';

export function PageHeader({
  title,
  onBack,
  right,
}: {
  title: string;
  /** Absent on the tab pages, which have no back. */
  onBack?: () => void;
  right?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="app-nav" data-testid="page-title">
      <div className="app-nav__side">
        {onBack ? (
          <button type="button" className="app-nav__back" aria-label={t('common.back')} onClick={onBack}>
            <LeftOutline aria-hidden />
          </button>
        ) : null}
      </div>
      <h1 className="app-nav__title">{title}</h1>
      <div className="app-nav__side app-nav__side--right">{right}</div>
    </div>
  );
}
