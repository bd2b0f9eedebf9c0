/**
 * /pages/index/loadDomain (SCREENS §1): a centred spinner while baseConfig → genericConfig → dictionary
 * load (then, inside WeChat, wechatInfo: features/platform/api/wechat-sign-in.ts), then
 * `replace(query.redirect || home link)` with the kept query. 33001 is the request wrapper's dialog; any
 * other failure shows 初始化失败 with 重试.
 */
import { ErrorCode } from '@haoka/contract';
import { Button, SpinLoading } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { ErrorBlock } from '../../../components/error-block';
import { useTranslation } from '../../../i18n/react';
import { buildUrl, homeLink, navigateUrl } from '../../../platform/navigation';
import { ApiError } from '../../../platform/request';
import { usePageQuery } from '../../../platform/use-page-query';
import { useLayoutStore } from '../../../stores/layout';
import { wechatSignIn } from '../../platform/api/wechat-sign-in';
import { bootstrapSite, safeRedirect } from '../api/bootstrap-site';
import './home.css';

type Phase = 'loading' | 'failed' | 'dialog';

export function LoadDomain() {
  const { t } = useTranslation();
  const query = usePageQuery();
  const [phase, setPhase] = useState<Phase>('loading');
  const promoCode = query.promoCode || useLayoutStore.getState().promoCode;
  const redirect = query.redirect;

  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (重试) runs the bootstrap again
  useEffect(() => {
    let live = true;
    setPhase('loading');
    bootstrapSite(promoCode)
      // Inside WeChat: sign in first when needed (the browser leaves; the round trip comes back here).
      .then(() => wechatSignIn(query.platformOpenId).catch(() => false))
      .then(
        (leaving) => {
          if (!live || leaving) return;
          const target = safeRedirect(redirect);
          navigateUrl(target ? buildUrl(target) : homeLink(), true);
        },
        (error: unknown) => {
          if (!live) return;
          setPhase(error instanceof ApiError && error.code === ErrorCode.NOT_DIRECT_DOWNSTREAM ? 'dialog' : 'failed');
        },
      );
    return () => {
      live = false;
    };
  }, [promoCode, redirect, attempt, query.platformOpenId]);

  if (phase === 'failed') {
    return (
      <div className="page-state" data-testid="load-domain-failed">
        <ErrorBlock status="disconnected" title={t('home.initFailed')} description="">
          <Button color="primary" onClick={() => setAttempt((n) => n + 1)} data-testid="load-domain-retry">
            {t('home.retry')}
          </Button>
        </ErrorBlock>
      </div>
    );
  }
  return (
    <div className="home-loading" data-testid="load-domain-loading">
      <SpinLoading color="primary" style={{ margin: '0 auto var(--hk-space-5)' }} />
      <div>{t('home.loading')}</div>
    </div>
  );
}
