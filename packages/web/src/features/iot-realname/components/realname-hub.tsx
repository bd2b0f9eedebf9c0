/**
 * 实名认证 hub (SCREENS §3 realnameAuth/index): the card, then its steps — 运营商实名 (`authStatus`; for a
 * device with vice SIMs, 各网络实名 over its networks) and, when the card needs it or has started it,
 * 平台实名 (`authPlatformStatus`) — each with its status tag and 去认证. 刷新状态 forces a card refresh
 * (throttled) and shows the new statuses.
 */
import { displayOperatorType, rechargeNumberOf, type SimInfo } from '@haoka/contract';
import { Button, NoticeBar, Steps } from 'antd-mobile';
import { RedoOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { navigateTo } from '../../../platform/navigation';
import { useSimInfo } from '../../iot-core/api/get-sim-info';
import { IotGuard } from '../../iot-core/components/iot-guard';
import {
  AuthStatus,
  type AuthStatusValue,
  asAuthStatus,
  isMultiNetDevice,
  OFFICIAL_PATH,
  PLATFORM_PATH,
  SWITCH_OFFICIAL_PATH,
  showsPlatformStep,
  viceAuthStatus,
  viceAuthSummary,
} from '../auth-rules';
import { useCardRefresh } from '../use-card-refresh';
import { AuthStatusTag, OperatorLogo, useOperatorName } from './auth-status-tag';
import './common.css';
import './realname-hub.css';
import '../i18n';

type StepStatus = 'wait' | 'process' | 'finish' | 'error';

function stepStatus(status: AuthStatusValue): StepStatus {
  if (status === AuthStatus.DONE) return 'finish';
  if (status === AuthStatus.FAILED) return 'error';
  return status === AuthStatus.REVIEWING ? 'process' : 'wait';
}

function StepBody({ hint, tag, action }: { hint: string; tag: ReactNode; action: ReactNode }) {
  return (
    <div className="iot-auth-step">
      <div className="iot-auth-step__tag">{tag}</div>
      <div className="iot-auth-step__hint">{hint}</div>
      {action ? <div className="iot-auth-step__action">{action}</div> : null}
    </div>
  );
}

function HubContent({ sim, onRefresh }: { sim: SimInfo; onRefresh: () => void }) {
  const { t } = useTranslation();
  const operatorName = useOperatorName();
  const operator = displayOperatorType(sim);
  const multiNet = isMultiNetDevice(sim);
  const officialStatus = multiNet ? viceAuthStatus(sim.viceSims) : asAuthStatus(sim.authStatus);
  const platformStep = showsPlatformStep(sim);
  const platformStatus = asAuthStatus(sim.authPlatformStatus);
  const summary = viceAuthSummary(sim.viceSims);
  const allDone = officialStatus === AuthStatus.DONE && (!platformStep || platformStatus === AuthStatus.DONE);

  const officialAction = multiNet ? (
    <Button
      size="small"
      color="primary"
      onClick={() => navigateTo(SWITCH_OFFICIAL_PATH)}
      data-testid="realname-go-official"
    >
      {officialStatus === AuthStatus.DONE ? t('iotRealname.hub.view') : t('iotRealname.hub.go')}
    </Button>
  ) : officialStatus !== AuthStatus.DONE ? (
    <Button size="small" color="primary" onClick={() => navigateTo(OFFICIAL_PATH)} data-testid="realname-go-official">
      {officialStatus === AuthStatus.REVIEWING ? t('iotRealname.hub.view') : t('iotRealname.hub.go')}
    </Button>
  ) : null;

  const platformAction =
    platformStatus !== AuthStatus.DONE ? (
      <Button size="small" color="primary" onClick={() => navigateTo(PLATFORM_PATH)} data-testid="realname-go-platform">
        {platformStatus === AuthStatus.REVIEWING ? t('iotRealname.hub.view') : t('iotRealname.hub.go')}
      </Button>
    ) : null;

  return (
    <>
      <section className="iot-auth-card" data-testid="realname-card">
        <OperatorLogo
          className="iot-auth-card__operator"
          operatorType={operator}
          size={40}
          testId="realname-operator"
          decorative
        />
        <div className="iot-auth-card__body">
          <div className="iot-auth-card__no" data-testid="realname-card-no">
            {rechargeNumberOf(sim)}
          </div>
          <div className="iot-auth-card__sub">
            {operatorName(operator)}
            {sim.iccid && sim.iccid !== rechargeNumberOf(sim) ? ` · ICCID ${sim.iccid}` : ''}
          </div>
        </div>
      </section>
      {allDone ? (
        <NoticeBar color="info" content={t('iotRealname.hub.allDone')} data-testid="realname-all-done" />
      ) : null}
      <section className="iot-auth-panel">
        <Steps direction="vertical" data-testid="realname-steps">
          <Steps.Step
            status={stepStatus(officialStatus)}
            title={multiNet ? t('iotRealname.hub.multiNet') : t('iotRealname.hub.official')}
            description={
              <div data-testid="realname-step-official">
                <StepBody
                  hint={
                    multiNet
                      ? t('iotRealname.hub.multiNetHint', { done: summary.done, total: summary.total })
                      : t('iotRealname.hub.officialHint')
                  }
                  tag={<AuthStatusTag status={officialStatus} testId="realname-official-status" />}
                  action={officialAction}
                />
              </div>
            }
          />
          {platformStep ? (
            <Steps.Step
              status={stepStatus(platformStatus)}
              title={t('iotRealname.hub.platform')}
              description={
                <div data-testid="realname-step-platform">
                  <StepBody
                    hint={t('iotRealname.hub.platformHint')}
                    tag={<AuthStatusTag status={platformStatus} testId="realname-platform-status" />}
                    action={platformAction}
                  />
                </div>
              }
            />
          ) : null}
        </Steps>
      </section>
      <div className="iot-auth-actions">
        <Button block fill="outline" color="primary" onClick={onRefresh} data-testid="realname-refresh">
          <RedoOutline /> {t('iotRealname.hub.refresh')}
        </Button>
        {sim.lastRobinAt ? (
          <div className="iot-auth-muted" data-testid="realname-synced-at">
            {t('iotRealname.hub.syncedAt', { time: sim.lastRobinAt })}
          </div>
        ) : null}
      </div>
      <section className="iot-auth-tips" data-testid="realname-tips">
        <h4>{t('iotRealname.tips.title')}</h4>
        <p>{t('iotRealname.tips.ownId')}</p>
        <p>{t('iotRealname.tips.effective')}</p>
      </section>
    </>
  );
}

function RealnameHubView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const info = useSimInfo(simNo);
  const sim = info.data && info.data.simNo === simNo ? info.data : undefined;
  const refresh = useCardRefresh(simNo);

  const onRefresh = async () => {
    const answer = await refresh();
    if (answer) showToast(answer.syncing ? answer.message : t('iotRealname.hub.refreshed'));
  };

  return (
    <div className="iot-auth iot-page" data-testid="realname-hub">
      <PageState
        loading={!sim && info.isPending}
        error={!sim && info.isError ? info.error : undefined}
        onRetry={() => void info.refetch()}
        skeletonRows={6}
      >
        {sim ? <HubContent sim={sim} onRefresh={() => void onRefresh()} /> : null}
      </PageState>
    </div>
  );
}

export function RealnameHubPage() {
  return <IotGuard>{(simNo) => <RealnameHubView key={simNo} simNo={simNo} />}</IotGuard>;
}
