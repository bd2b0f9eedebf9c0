/**
 * 运营商实名 (SCREENS §3 realnameAuth/official) and 子卡实名 (switchOfficial/subOfficial): the operator's
 * real-name entry of the card or of one vice SIM, shown by its mode — `redirect`: 去认证 leaves for the
 * operator's page; `ltAuth`: the 联通 guide page; `qrcode`: the QR image to long-press (and the link as a
 * fallback); `sms`: the SMS text with a copy button. Each time the page is shown again (mount, tab back
 * to visible) the card is refreshed once; once real-named the page says 已完成实名认证. 40001 → the
 * catalogue toast and 认证通道暂不可用.
 */
import { ErrorCode, type OfficialAuthEntry, type SimInfo } from '@haoka/contract';
import { Button, NoticeBar, Result } from 'antd-mobile';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { ErrorBlock } from '../../../components/error-block';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { copyText } from '../../../platform/clipboard';
import { IOT_HOME_PATH, navigateTo, redirectTo } from '../../../platform/navigation';
import { useQueryClient } from '../../../platform/query';
import { ApiError } from '../../../platform/request';
import { usePageQuery } from '../../../platform/use-page-query';
import { putSimInfo, simInfoQueryKey, useSimInfo } from '../../iot-core/api/get-sim-info';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { browser } from '../../order/browser';
import { useDeviceOfficialAuth } from '../api/get-device-official-auth';
import { useOfficialAuth } from '../api/get-official-auth';
import {
  AuthStatus,
  type AuthStatusValue,
  asAuthStatus,
  LT_AUTH_PATH,
  maskIccid,
  REALNAME_PATH,
  SWITCH_OFFICIAL_PATH,
} from '../auth-rules';
import { useCardRefresh, useRefreshOnShow } from '../use-card-refresh';
import { AuthStatusTag, OperatorLogo, useOperatorName } from './auth-status-tag';
import './common.css';
import './official-auth.css';
import '../i18n';

export function isModuleClosed(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.MODULE_CLOSED;
}

/** 认证通道暂不可用 (40001) or 认证通道繁忙 (no link to follow), with a way back. */
export function ChannelBlock({ kind, back }: { kind: 'closed' | 'busy'; back: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="iot-auth-block" data-testid={kind === 'closed' ? 'official-closed' : 'official-busy'}>
      <ErrorBlock
        status={kind === 'closed' ? 'disconnected' : 'busy'}
        title={kind === 'closed' ? t('iotRealname.official.closed') : t('iotRealname.official.busy')}
        description={kind === 'closed' ? t('iotRealname.official.closedHint') : t('iotRealname.official.busyHint')}
      >
        {back}
      </ErrorBlock>
    </div>
  );
}

function ModeBody({ entry, onLtAuth }: { entry: OfficialAuthEntry; onLtAuth: () => void }) {
  const { t } = useTranslation();
  const url = entry.url ?? '';
  const busy = <ChannelBlock kind="busy" back={null} />;
  switch (entry.mode) {
    case 'redirect':
      if (!url) return busy;
      return (
        <section className="iot-auth-panel" data-testid="official-mode" data-mode="redirect">
          <p className="iot-auth-text">{t('iotRealname.official.redirectHint')}</p>
          <Button block color="primary" size="large" onClick={() => browser.go(url)} data-testid="official-go">
            {t('iotRealname.official.go')}
          </Button>
        </section>
      );
    case 'ltAuth':
      return (
        <section className="iot-auth-panel" data-testid="official-mode" data-mode="ltAuth">
          <p className="iot-auth-text">{t('iotRealname.official.ltAuthHint')}</p>
          <Button block color="primary" size="large" onClick={onLtAuth} data-testid="official-go">
            {t('iotRealname.official.go')}
          </Button>
        </section>
      );
    case 'qrcode':
      if (!entry.qrImage && !url) return busy;
      return (
        <section className="iot-auth-panel iot-auth-qr" data-testid="official-mode" data-mode="qrcode">
          {entry.qrImage ? (
            <img
              className="iot-auth-qr__image"
              src={entry.qrImage}
              alt={t('iotRealname.official.qrAlt')}
              data-testid="official-qr"
            />
          ) : null}
          <p className="iot-auth-text" data-testid="official-qr-hint">
            {t('iotRealname.official.qrHint')}
          </p>
          {url ? (
            <Button fill="none" color="primary" onClick={() => browser.go(url)} data-testid="official-qr-link">
              {t('iotRealname.official.qrFallback')}
            </Button>
          ) : null}
        </section>
      );
    case 'sms':
      if (!entry.smsText) return busy;
      return (
        <section className="iot-auth-panel" data-testid="official-mode" data-mode="sms">
          <p className="iot-auth-text">{t('iotRealname.official.smsHint')}</p>
          <pre className="iot-auth-sms" data-testid="official-sms-text">
            {entry.smsText}
          </pre>
          <Button
            block
            color="primary"
            onClick={() => void copyText(entry.smsText ?? '')}
            data-testid="official-sms-copy"
          >
            {t('iotRealname.official.smsCopy')}
          </Button>
        </section>
      );
  }
}

export interface OfficialEntryViewProps {
  entry: OfficialAuthEntry;
  status: AuthStatusValue;
  /** The card or vice SIM the entry is for, shown on top. */
  subject?: ReactNode;
  onLtAuth: () => void;
  onRecheck: () => void;
  /** The button under 已完成实名认证. */
  doneAction: ReactNode;
}

/** The presentation shared by 运营商实名 and 子卡实名. */
export function OfficialEntryView({ entry, status, subject, onLtAuth, onRecheck, doneAction }: OfficialEntryViewProps) {
  const { t } = useTranslation();
  if (status === AuthStatus.DONE) {
    return (
      <div data-testid="official-done">
        {subject}
        <Result
          status="success"
          title={t('iotRealname.official.done')}
          description={t('iotRealname.official.doneHint')}
        />
        <div className="iot-auth-actions">{doneAction}</div>
      </div>
    );
  }
  return (
    <div data-testid="official-entry">
      {subject}
      <div className="iot-auth-status-row">
        <span>{t('iotRealname.official.status')}</span>
        <AuthStatusTag status={status} testId="official-status" />
      </div>
      {status === AuthStatus.REVIEWING ? (
        <NoticeBar color="info" wrap content={t('iotRealname.official.reviewing')} data-testid="official-reviewing" />
      ) : null}
      {status === AuthStatus.FAILED ? (
        <NoticeBar color="alert" wrap content={t('iotRealname.official.failed')} data-testid="official-failed" />
      ) : null}
      <ModeBody entry={entry} onLtAuth={onLtAuth} />
      <div className="iot-auth-actions">
        <Button block fill="outline" onClick={onRecheck} data-testid="official-recheck">
          {t('iotRealname.official.recheck')}
        </Button>
      </div>
      <section className="iot-auth-tips" data-testid="official-tips">
        <h4>{t('iotRealname.tips.title')}</h4>
        {entry.tips ? <p data-testid="official-entry-tips">{entry.tips}</p> : null}
        <p>{t('iotRealname.tips.ownId')}</p>
        <p>{t('iotRealname.tips.effective')}</p>
      </section>
    </div>
  );
}

/** Past simInfo's 1000 ms throttle, which answers a read within the window with the previous one. */
const CARD_REREAD_AFTER_MS = 1500;
/** Re-reads per page visit at most, should the card keep answering what the operator contradicts. */
const CARD_REREADS = 3;

/**
 * The operator's answer can say done before the cached card does (its refresh came a moment too early,
 * or a read within simInfo's throttle got the earlier answer). The server stored the operator's answer
 * on the card when it gave it, so the cached card takes it at once (`learned`: the card as the server
 * now holds it), and the hub and home show it even when the holder leaves this page right away. The
 * card is read again once past the throttle, for the rest of its state.
 */
function useCardLearns(simNo: string, learned: SimInfo | undefined) {
  const client = useQueryClient();
  const reread = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const rereads = useRef(0);
  useEffect(() => () => clearTimeout(reread.current), []);
  useEffect(() => {
    if (!learned) return;
    putSimInfo(client, simNo, learned);
    if (rereads.current >= CARD_REREADS) return;
    rereads.current += 1;
    clearTimeout(reread.current);
    reread.current = setTimeout(
      () => void client.invalidateQueries({ queryKey: simInfoQueryKey(simNo) }),
      CARD_REREAD_AFTER_MS,
    );
  }, [learned, client, simNo]);
}

function OfficialView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const query = useOfficialAuth(simNo);
  const info = useSimInfo(simNo);
  const sim = info.data && info.data.simNo === simNo ? info.data : undefined;
  const refetch = query.refetch;
  useRefreshOnShow(simNo, () => void refetch());
  const refresh = useCardRefresh(simNo);
  const entry = query.data;
  const done = entry?.authStatus === AuthStatus.DONE || sim?.authStatus === AuthStatus.DONE;
  const status: AuthStatusValue = done ? AuthStatus.DONE : asAuthStatus(sim?.authStatus ?? entry?.authStatus ?? 0);
  const toLtAuth = entry?.mode === 'ltAuth' && !done;
  // Real-named by the operator: the server also stops asking the card to real-name.
  const learned = useMemo(
    () =>
      entry?.authStatus === AuthStatus.DONE && sim && sim.authStatus !== AuthStatus.DONE
        ? { ...sim, authStatus: AuthStatus.DONE, needAuth: 0 as const }
        : undefined,
    [entry?.authStatus, sim],
  );
  useCardLearns(simNo, learned);

  // The 联通 real-name has its own guide page: go there instead (replacing this page, so back returns to the hub).
  useEffect(() => {
    if (toLtAuth) redirectTo(LT_AUTH_PATH);
  }, [toLtAuth]);

  const back = (
    <Button color="primary" size="small" onClick={() => redirectTo(REALNAME_PATH)} data-testid="official-back">
      {t('iotRealname.official.backHub')}
    </Button>
  );

  if (query.isError && isModuleClosed(query.error)) {
    return (
      <div className="iot-auth iot-page" data-testid="official-page">
        <ChannelBlock kind="closed" back={back} />
      </div>
    );
  }
  return (
    <div className="iot-auth iot-page" data-testid="official-page">
      <PageState
        loading={query.isPending}
        error={query.isError ? query.error : undefined}
        onRetry={() => void refetch()}
      >
        {entry ? (
          <OfficialEntryView
            entry={entry}
            status={status}
            onLtAuth={() => navigateTo(LT_AUTH_PATH)}
            onRecheck={() => void refresh().then(() => refetch())}
            doneAction={
              <Button block color="primary" onClick={() => redirectTo(IOT_HOME_PATH)} data-testid="official-home">
                {t('iotRealname.official.backHome')}
              </Button>
            }
          />
        ) : null}
      </PageState>
    </div>
  );
}

export function OfficialAuthPage() {
  return <IotGuard>{(simNo) => <OfficialView key={simNo} simNo={simNo} />}</IotGuard>;
}

function SubOfficialView({ simNo, viceSimNo }: { simNo: string; viceSimNo: string }) {
  const { t } = useTranslation();
  const operatorName = useOperatorName();
  const query = useDeviceOfficialAuth(simNo, viceSimNo);
  const info = useSimInfo(simNo);
  const sim = info.data && info.data.simNo === simNo ? info.data : undefined;
  const vice = sim?.viceSims.find((v) => v.simNo === viceSimNo);
  const refetch = query.refetch;
  useRefreshOnShow(simNo, () => void refetch());
  const refresh = useCardRefresh(simNo);
  const entry = query.data;
  const done = entry?.authStatus === AuthStatus.DONE || vice?.authStatus === AuthStatus.DONE;
  const status: AuthStatusValue = done ? AuthStatus.DONE : asAuthStatus(vice?.authStatus ?? entry?.authStatus ?? 0);
  const toLtAuth = entry?.mode === 'ltAuth' && !done;
  const learned = useMemo(
    () =>
      entry?.authStatus === AuthStatus.DONE && sim && vice && vice.authStatus !== AuthStatus.DONE
        ? {
            ...sim,
            viceSims: sim.viceSims.map((v) => (v.simNo === viceSimNo ? { ...v, authStatus: AuthStatus.DONE } : v)),
          }
        : undefined,
    [entry?.authStatus, sim, vice, viceSimNo],
  );
  useCardLearns(simNo, learned);

  useEffect(() => {
    if (toLtAuth) redirectTo(LT_AUTH_PATH, { viceSimNo });
  }, [toLtAuth, viceSimNo]);

  const back = (
    <Button color="primary" size="small" onClick={() => redirectTo(SWITCH_OFFICIAL_PATH)} data-testid="official-back">
      {t('iotRealname.sub.backList')}
    </Button>
  );
  const operatorType = vice?.operatorType ?? entry?.operatorType ?? 0;
  const subject = (
    <section className="iot-auth-card" data-testid="sub-official-subject">
      {operatorType ? <OperatorLogo operatorType={operatorType} decorative /> : null}
      <div className="iot-auth-card__body">
        <div className="iot-auth-card__no">
          {operatorType ? operatorName(operatorType) : t('iotRealname.sub.network')}
        </div>
        <div className="iot-auth-card__sub" data-testid="sub-official-iccid">
          {maskIccid(vice?.iccid || viceSimNo)}
        </div>
      </div>
    </section>
  );

  if (query.isError && isModuleClosed(query.error)) {
    return (
      <div className="iot-auth iot-page" data-testid="sub-official-page">
        <ChannelBlock kind="closed" back={back} />
      </div>
    );
  }
  return (
    <div className="iot-auth iot-page" data-testid="sub-official-page">
      <PageState
        loading={query.isPending}
        error={query.isError ? query.error : undefined}
        onRetry={() => void refetch()}
      >
        {entry ? (
          <OfficialEntryView
            entry={entry}
            status={status}
            subject={subject}
            onLtAuth={() => navigateTo(LT_AUTH_PATH, { viceSimNo })}
            onRecheck={() => void refresh().then(() => refetch())}
            doneAction={
              <Button
                block
                color="primary"
                onClick={() => redirectTo(SWITCH_OFFICIAL_PATH)}
                data-testid="official-list"
              >
                {t('iotRealname.sub.backList')}
              </Button>
            }
          />
        ) : null}
      </PageState>
    </div>
  );
}

export function SubOfficialAuthPage() {
  const { t } = useTranslation();
  const viceSimNo = usePageQuery().viceSimNo ?? '';
  return (
    <IotGuard>
      {(simNo) =>
        viceSimNo ? (
          <SubOfficialView key={`${simNo}|${viceSimNo}`} simNo={simNo} viceSimNo={viceSimNo} />
        ) : (
          <div className="iot-auth iot-page" data-testid="sub-official-page">
            <ErrorBlock
              status="empty"
              title={t('iotRealname.sub.missing')}
              description=""
              data-testid="sub-official-missing"
            >
              <Button color="primary" size="small" onClick={() => redirectTo(SWITCH_OFFICIAL_PATH)}>
                {t('iotRealname.sub.backList')}
              </Button>
            </ErrorBlock>
          </div>
        )
      }
    </IotGuard>
  );
}
