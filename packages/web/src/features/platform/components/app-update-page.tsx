/**
 * /pages-sub/appUpdate/index 版本更新 (SCREENS §4): a transparent layer over the screen that fades in, with
 * the update card of `genericConfig.appUpdate` when its versionCode is above this app's (121).
 * 立即更新 downloads the package with progress 0–100 and hands it to the browser's save (a link opens it
 * when the download cannot be read, e.g. another site without CORS); 以后再说 goes back and is hidden
 * when the update is forced.
 */
import { APP_VERSION } from '@haoka/contract';
import { Button, ProgressBar, Skeleton } from 'antd-mobile';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ErrorBlock } from '../../../components/error-block';
import { useTranslation } from '../../../i18n/react';
import { saveFile } from '../../../platform/download';
import { goBack } from '../../../platform/navigation';
import { useGenericConfig } from '../../site/api/get-generic-config';
import { downloadWithProgress } from '../download-with-progress';
import { type AppUpdate, pendingUpdate } from '../update-rules';
import '../i18n';
import './platform.css';

type Download = { phase: 'idle' } | { phase: 'loading'; percent: number } | { phase: 'done' } | { phase: 'failed' };

function UpdateCard({ update }: { update: AppUpdate }) {
  const { t } = useTranslation();
  const [download, setDownload] = useState<Download>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    abort.current = new AbortController();
    setDownload({ phase: 'loading', percent: 0 });
    try {
      const file = await downloadWithProgress(
        update.url,
        (percent) => setDownload({ phase: 'loading', percent }),
        abort.current.signal,
      );
      saveFile(file.href, update.url.split('/').pop()?.split('?')[0] || `app-${update.versionName}`);
      setTimeout(file.revoke, 60_000);
      setDownload({ phase: 'done' });
    } catch {
      if (!abort.current.signal.aborted) setDownload({ phase: 'failed' });
    }
  };

  return (
    <div className="app-update__card" data-testid="app-update-card" data-force={update.force}>
      <div className="app-update__title" data-testid="app-update-title">
        {t('platform.update.title', { version: update.versionName })}
      </div>
      <div className="app-update__current">{t('platform.update.current', { version: APP_VERSION })}</div>
      <div className="app-update__notes" data-testid="app-update-notes">
        {update.notes}
      </div>
      {download.phase === 'loading' ? (
        <div data-testid="app-update-progress" data-percent={download.percent}>
          <ProgressBar percent={download.percent} />
          <div className="app-update__progress-text">
            {t('platform.update.downloading', { percent: download.percent })}
          </div>
        </div>
      ) : null}
      {download.phase === 'done' ? (
        <div className="app-update__progress-text" data-testid="app-update-done">
          {t('platform.update.downloaded')}
        </div>
      ) : null}
      {download.phase === 'failed' ? (
        <div className="app-update__failed" data-testid="app-update-failed">
          {t('platform.update.failed')}{' '}
          <a href={update.url} target="_blank" rel="noopener noreferrer" data-testid="app-update-link">
            {t('platform.update.install')}
          </a>
        </div>
      ) : null}
      <div className="app-update__actions">
        <Button
          block
          color="primary"
          loading={download.phase === 'loading'}
          disabled={download.phase === 'loading'}
          onClick={start}
          data-testid="app-update-now"
        >
          {t('platform.update.now')}
        </Button>
        {update.force === 1 ? null : (
          <Button block fill="none" onClick={goBack} data-testid="app-update-later">
            {t('platform.update.later')}
          </Button>
        )}
      </div>
    </div>
  );
}

export function AppUpdatePage() {
  const { t } = useTranslation();
  const config = useGenericConfig();
  const update = pendingUpdate(config.data?.appUpdate);
  let body: ReactNode;
  if (config.isPending) {
    body = (
      <div className="app-update__card" data-testid="app-update-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
    );
  } else if (config.isError && !config.data) {
    body = (
      <div className="app-update__card" data-testid="app-update-error">
        <ErrorBlock status="disconnected" title={t('platform.authorize.loadFailed')} description="">
          <Button color="primary" onClick={() => void config.refetch()} data-testid="app-update-reload">
            {t('platform.authorize.reload')}
          </Button>
        </ErrorBlock>
      </div>
    );
  } else if (!update) {
    body = (
      <div className="app-update__card" data-testid="app-update-none">
        <ErrorBlock
          status="empty"
          title={t('platform.update.upToDate')}
          description={t('platform.update.current', { version: APP_VERSION })}
        >
          <Button onClick={goBack} data-testid="app-update-back">
            {t('platform.update.back')}
          </Button>
        </ErrorBlock>
      </div>
    );
  } else {
    body = <UpdateCard update={update} />;
  }
  return (
    <div className="app-update" data-testid="app-update">
      {body}
    </div>
  );
}
