/**
 * The quiet prompt of a new version (ADR 0024): a bar above the tab bar, not a dialog — the shopper may
 * go on with the page, take the new version now (Reload) or close the bar; without either, the next
 * visit opens the new version. The bar is a polite live region: it is on the page empty first and its
 * text follows, so screen readers announce it.
 */
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/react';
import './update-bar.css';

export function UpdateBar({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const [closed, setClosed] = useState(false);
  const [reloading, setReloading] = useState(false);
  useEffect(() => setShown(true), []);
  if (closed) return null;
  return (
    <div className="update-bar" role="status" data-testid="update-bar">
      {shown ? (
        <div className="update-bar__body">
          <span className="update-bar__text">{t('newVersion.available')}</span>
          <button
            type="button"
            className="update-bar__reload"
            disabled={reloading}
            onClick={() => {
              setReloading(true);
              onReload();
            }}
            data-testid="update-bar-reload"
          >
            {t('newVersion.reload')}
          </button>
          <button
            type="button"
            className="update-bar__close"
            aria-label={t('a11y.close')}
            onClick={() => setClosed(true)}
          >
            <CloseOutline aria-hidden />
          </button>
        </div>
      ) : null}
    </div>
  );
}
