/**
 * 请稍候 (SCREENS §1 webview): the page at `url` in an iframe, titled by ?title=. Sites that refuse framing
 * cannot be detected reliably, so 在浏览器中打开 is always offered, and stressed when the page has not
 * loaded after a few seconds.
 */
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { ErrorBlock } from '../../../components/error-block';
import { useTranslation } from '../../../i18n/react';
import { goBack } from '../../../platform/navigation';
import { usePageTitle } from '../../../platform/page-title';
import { webviewUrl } from '../webview-url';
import './webview.css';

export const WEBVIEW_LOAD_TIMEOUT_MS = 5000;

export function WebviewFrame({ url: rawUrl, title }: { url?: string; title?: string }) {
  const { t } = useTranslation();
  const url = webviewUrl(rawUrl);
  const [loaded, setLoaded] = useState(false);
  const [slow, setSlow] = useState(false);
  usePageTitle(title);

  useEffect(() => {
    setLoaded(false);
    setSlow(false);
    if (!url) return;
    const timer = setTimeout(() => setSlow(true), WEBVIEW_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [url]);

  if (!url) {
    return (
      <div className="page-state" data-testid="webview-invalid">
        <ErrorBlock status="default" title={t('webview.invalid')} description={t('webview.invalidHint')}>
          <Button color="primary" size="small" onClick={goBack}>
            {t('common.back')}
          </Button>
        </ErrorBlock>
      </div>
    );
  }
  const openInBrowser = () => {
    window.location.href = url;
  };
  return (
    <div className="webview" data-testid="webview">
      <iframe
        className="webview__frame"
        src={url}
        title={title || url}
        onLoad={() => setLoaded(true)}
        referrerPolicy="no-referrer-when-downgrade"
        data-testid="webview-frame"
      />
      <div className={`webview__fallback${slow && !loaded ? ' webview__fallback--stressed' : ''}`}>
        {slow && !loaded ? <span className="webview__hint">{t('webview.slowHint')}</span> : null}
        <Button
          size="small"
          color="primary"
          fill={slow && !loaded ? 'solid' : 'outline'}
          onClick={openInBrowser}
          data-testid="webview-open-browser"
        >
          {t('webview.openInBrowser')}
        </Button>
      </div>
    </div>
  );
}
