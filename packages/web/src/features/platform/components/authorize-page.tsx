/**
 * /pages/authorize/index 小程序授权 (SCREENS §1): reads the ticket of `scene`, shows the requesting app,
 * the scopes it asks for and the time left; 确认授权 / 取消 decide it once (Kuaishou syncs the profile
 * first). An expired (status 3), already decided or unknown ticket reads 二维码已失效，请重新扫码.
 */
import { ErrorCode } from '@haoka/contract';
import { Button, List, Result, Skeleton, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { ErrorBlock } from '../../../components/error-block';
import { Image } from '../../../components/image';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../platform/request';
import { useAction } from '../../../platform/use-action';
import { usePageQuery } from '../../../platform/use-page-query';
import { currentMiniPlatform, useMiniUsersStore } from '../../../stores/mini-users';
import { parseApiDateTime } from '../../order/date-time';
import { type AuthorizeTicket, ksUpdateProfile, updateAuthorizeStatus, useAuthorizeTicket } from '../api/authorize';
import '../i18n';
import './platform.css';

/** Seconds left until `expireAt`, ticking every second; 0 once past. */
function useSecondsLeft(expireAt: string | undefined): number {
  const end = parseApiDateTime(expireAt) ?? 0;
  const compute = () => Math.max(0, Math.ceil((end - Date.now()) / 1000));
  const [left, setLeft] = useState(compute);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts only when the end changes
  useEffect(() => {
    setLeft(compute());
    const timer = setInterval(() => setLeft(compute()), 1000);
    return () => clearInterval(timer);
  }, [end]);
  return left;
}

const mmss = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

function Invalid({ reason }: { reason: 'expired' | 'used' | 'unknown' }) {
  const { t } = useTranslation();
  const hint =
    reason === 'expired'
      ? t('platform.authorize.expiredHint')
      : reason === 'used'
        ? t('platform.authorize.usedHint')
        : '';
  return (
    <div className="page-state" data-testid="authorize-invalid" data-reason={reason}>
      <ErrorBlock status="default" title={t('platform.authorize.invalid')} description={hint} />
    </div>
  );
}

function Decided({ status, appName }: { status: 1 | 2; appName: string }) {
  const { t } = useTranslation();
  return (
    <div className="authorize-page" data-testid="authorize-done" data-status={status}>
      {status === 1 ? (
        <Result
          status="success"
          title={t('platform.authorize.confirmed')}
          description={t('platform.authorize.confirmedHint', { app: appName })}
        />
      ) : (
        <Result
          status="info"
          title={t('platform.authorize.rejected')}
          description={t('platform.authorize.rejectedHint')}
        />
      )}
    </div>
  );
}

function Waiting({ ticket, onDecided }: { ticket: AuthorizeTicket; onDecided: (outcome: 1 | 2 | 'invalid') => void }) {
  const { t } = useTranslation();
  const left = useSecondsLeft(ticket.expireAt);
  const [asked, setAsked] = useState<1 | 2>(1);
  const deciding = useAction(
    async (status: 1 | 2) => {
      if (status === 1 && currentMiniPlatform() === 'ks') {
        const ks = useMiniUsersStore.getState().ks;
        if (ks.nickname && ks.headPortrait)
          await ksUpdateProfile({ nickname: ks.nickname, headPortrait: ks.headPortrait });
      }
      await updateAuthorizeStatus(ticket.scene, status);
    },
    {
      onSuccess: (_, status) => onDecided(status),
      onError: (error) => {
        if (error instanceof ApiError && error.code === ErrorCode.FAIL && error.reason === 'qrCodeExpired')
          onDecided('invalid');
        else if (error instanceof ApiError && error.code === ErrorCode.FAIL) {
          Toast.show({ content: error.text || t('errors.fail'), duration: 2000 });
        }
      },
    },
  );
  const busy = deciding.busy ? asked : 0;

  const decide = async (status: 1 | 2) => {
    if (deciding.busy) return;
    setAsked(status);
    await deciding.run(status);
  };

  if (left <= 0) return <Invalid reason="expired" />;
  return (
    <div className="authorize-page" data-testid="authorize-ticket">
      <div className="authorize-page__app">
        {ticket.appLogo ? (
          <Image src={ticket.appLogo} alt="" width={64} height={64} fit="cover" className="authorize-page__logo" />
        ) : null}
        <div className="authorize-page__name" data-testid="authorize-app">
          {ticket.appName}
        </div>
      </div>
      <List header={t('platform.authorize.requests', { app: ticket.appName })}>
        {ticket.scopes.map((scope) => (
          <List.Item key={scope} data-testid="authorize-scope" data-scope={scope}>
            {t(`platform.authorize.scope.${scope}`)}
          </List.Item>
        ))}
      </List>
      <div className="authorize-page__remaining" data-testid="authorize-remaining">
        {t('platform.authorize.remaining', { time: mmss(left) })}
      </div>
      <div className="authorize-page__actions">
        <Button
          block
          color="primary"
          loading={busy === 1}
          disabled={busy !== 0}
          onClick={() => decide(1)}
          data-testid="authorize-confirm"
        >
          {t('platform.authorize.confirm')}
        </Button>
        <Button
          block
          fill="outline"
          loading={busy === 2}
          disabled={busy !== 0}
          onClick={() => decide(2)}
          data-testid="authorize-cancel"
        >
          {t('platform.authorize.cancel')}
        </Button>
      </div>
    </div>
  );
}

export function AuthorizePage() {
  const { t } = useTranslation();
  const scene = usePageQuery().scene ?? '';
  const ticket = useAuthorizeTicket(scene);
  const [outcome, setOutcome] = useState<1 | 2 | 'invalid' | null>(null);

  if (!scene) return <Invalid reason="unknown" />;
  if (outcome === 'invalid') return <Invalid reason="used" />;
  if (outcome) return <Decided status={outcome} appName={ticket.data?.appName ?? ''} />;
  if (ticket.isPending) {
    return (
      <div className="authorize-page" data-testid="authorize-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  }
  if (ticket.isError) {
    if (ticket.error instanceof ApiError && ticket.error.code === ErrorCode.FAIL) return <Invalid reason="unknown" />;
    return (
      <div className="page-state" data-testid="authorize-error">
        <ErrorBlock status="disconnected" title={t('platform.authorize.loadFailed')} description="">
          <Button color="primary" onClick={() => void ticket.refetch()} data-testid="authorize-reload">
            {t('platform.authorize.reload')}
          </Button>
        </ErrorBlock>
      </div>
    );
  }
  const data = ticket.data;
  if (data.status === 3) return <Invalid reason="expired" />;
  if (data.status !== 0) return <Invalid reason="used" />;
  return <Waiting ticket={data} onDecided={setOutcome} />;
}
