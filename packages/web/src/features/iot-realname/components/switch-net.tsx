/**
 * 切换网络 (SCREENS §3 switchNet): a multi-network device's networks (vice SIMs) with operator, signal
 * bars 0–5 and 当前使用, plus 智能选网. 切换 asks 切换网络约需1–3分钟，期间设备会断网, then POST
 * /api/iot/simSwitchNet {operatorType} or {auto: 1} → 切换指令已下发 (queued: 设备离线，上线后自动切换) and,
 * 5 s later, one forced card refresh. A card that is not such a device: 当前卡不支持切换网络.
 */
import type { SimInfo, ViceSim } from '@haoka/contract';
import { Button, Dialog, List, NoticeBar, Tag } from 'antd-mobile';
import { RedoOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { ErrorBlock } from '../../../components/error-block';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { IOT_HOME_PATH, redirectTo } from '../../../platform/navigation';
import { useAction } from '../../../platform/use-action';
import { useSimInfo } from '../../iot-core/api/get-sim-info';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { type NetTarget, type SwitchNetTask, switchSimNet } from '../api/switch-sim-net';
import { isMultiNetDevice } from '../auth-rules';
import { useCardRefresh } from '../use-card-refresh';
import { OperatorLogo, useOperatorName } from './auth-status-tag';
import './common.css';
import './switch-net.css';
import '../i18n';

/** The card is refreshed this long after a switch was sent. */
export const REFRESH_AFTER_SWITCH_MS = 5000;

export function SignalBars({ signal, testId }: { signal: number; testId?: string }) {
  const { t } = useTranslation();
  const level = Math.max(0, Math.min(5, Math.round(signal)));
  return (
    <span
      className="iot-auth-signal"
      data-testid={testId}
      data-signal={level}
      role="img"
      aria-label={t('iotRealname.net.signal', { level })}
    >
      {[1, 2, 3, 4, 5].map((bar) => (
        <i key={bar} className={bar <= level ? 'on' : ''} style={{ height: `${4 + bar * 3}px` }} />
      ))}
    </span>
  );
}

function NetItem({ vice, onSwitch }: { vice: ViceSim; onSwitch: (target: NetTarget) => void }) {
  const { t } = useTranslation();
  const operatorName = useOperatorName();
  const current = vice.isCurrent === 1;
  return (
    <List.Item
      prefix={<OperatorLogo operatorType={vice.operatorType} testId="net-operator" decorative />}
      description={<SignalBars signal={vice.signal} testId="net-signal" />}
      extra={
        current ? (
          <Tag color="primary" fill="solid" data-testid="net-current">
            {t('iotRealname.net.current')}
          </Tag>
        ) : (
          <Button
            size="small"
            color="primary"
            fill="outline"
            onClick={() => onSwitch(vice.operatorType)}
            data-testid="net-switch"
          >
            {t('iotRealname.net.switch')}
          </Button>
        )
      }
      data-testid="net-item"
      data-operator={vice.operatorType}
    >
      {operatorName(vice.operatorType)}
    </List.Item>
  );
}

interface NetListProps {
  sim: SimInfo;
  onSwitch: (target: NetTarget) => void;
  onRefresh: () => void;
}

function NetList({ sim, onSwitch, onRefresh }: NetListProps) {
  const { t } = useTranslation();
  return (
    <>
      {sim.onlineStatus === 0 ? (
        <NoticeBar color="alert" wrap content={t('iotRealname.net.offline')} data-testid="net-offline" />
      ) : null}
      <List mode="card" header={t('iotRealname.net.listTitle')} data-testid="net-list">
        {sim.viceSims.map((vice) => (
          <NetItem key={vice.simNo} vice={vice} onSwitch={onSwitch} />
        ))}
      </List>
      <List mode="card">
        <List.Item
          description={t('iotRealname.net.autoHint')}
          extra={
            <Button size="small" color="primary" fill="outline" onClick={() => onSwitch('auto')} data-testid="net-auto">
              {t('iotRealname.net.switch')}
            </Button>
          }
          data-testid="net-auto-item"
        >
          {t('iotRealname.net.auto')}
        </List.Item>
      </List>
      <div className="iot-auth-actions">
        <Button block fill="outline" color="primary" onClick={onRefresh} data-testid="net-refresh">
          <RedoOutline /> {t('iotRealname.net.refresh')}
        </Button>
      </div>
      <section className="iot-auth-tips">
        <h4>{t('iotRealname.tips.title')}</h4>
        <p>{t('iotRealname.net.tipDuration')}</p>
        <p>{t('iotRealname.net.tipAuth')}</p>
      </section>
    </>
  );
}

function SwitchNetView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const info = useSimInfo(simNo);
  const sim = info.data && info.data.simNo === simNo ? info.data : undefined;
  const refresh = useCardRefresh(simNo);
  const [pending, setPending] = useState<SwitchNetTask | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // A refusal (切换过于频繁, 目标网络不可用…) is told by the request wrapper.
  const switching = useAction(switchSimNet, {
    loading: true,
    onSuccess: (task) => {
      setPending(task);
      showToast(task.queued ? t('iotRealname.net.queued') : t('iotRealname.net.sent'), { icon: 'success' });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        void refresh();
      }, REFRESH_AFTER_SWITCH_MS);
    },
  });

  const onSwitch = async (target: NetTarget) => {
    const confirmed = await Dialog.confirm({
      title: t('iotRealname.net.confirmTitle'),
      content: t('iotRealname.net.confirm'),
      confirmText: t('iotRealname.net.switch'),
      cancelText: t('common.cancel'),
    });
    if (confirmed) await switching.run(target);
  };

  const onRefresh = async () => {
    const answer = await refresh();
    if (answer) showToast(answer.syncing ? answer.message : t('iotRealname.hub.refreshed'));
  };

  if (sim && !isMultiNetDevice(sim)) {
    return (
      <div className="iot-auth iot-page" data-testid="switch-net">
        <ErrorBlock
          status="empty"
          title={t('iotRealname.net.unsupported')}
          description={t('iotRealname.net.unsupportedHint')}
          data-testid="net-unsupported"
        >
          <Button color="primary" size="small" onClick={() => redirectTo(IOT_HOME_PATH)}>
            {t('iotRealname.official.backHome')}
          </Button>
        </ErrorBlock>
      </div>
    );
  }
  return (
    <div className="iot-auth iot-page" data-testid="switch-net">
      <PageState
        loading={!sim && info.isPending}
        error={!sim && info.isError ? info.error : undefined}
        onRetry={() => void info.refetch()}
      >
        {pending ? (
          <NoticeBar
            color="info"
            wrap
            data-testid="net-pending"
            content={
              pending.queued
                ? t('iotRealname.net.queued')
                : t('iotRealname.net.pending', { minutes: Math.max(1, Math.ceil(pending.expectSeconds / 60)) })
            }
          />
        ) : null}
        {sim ? (
          <NetList sim={sim} onSwitch={(target) => void onSwitch(target)} onRefresh={() => void onRefresh()} />
        ) : null}
      </PageState>
    </div>
  );
}

export function SwitchNetPage() {
  return <IotGuard>{(simNo) => <SwitchNetView key={simNo} simNo={simNo} />}</IotGuard>;
}
