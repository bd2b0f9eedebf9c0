/**
 * 多网实名 (SCREENS §3 realnameAuth/switchOfficial): each network (vice SIM) of a device with its operator,
 * masked ICCID, real-name status and the 当前使用 marker; tapping one opens its 子卡实名. 刷新状态 forces a
 * card refresh. A card that is not a device, or a device without vice SIMs: 该设备无需多网实名.
 */
import type { ViceSim } from '@haoka/contract';
import { Button, List, Tag } from 'antd-mobile';
import { RedoOutline } from 'antd-mobile-icons';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { navigateTo } from '../../../platform/navigation';
import { useSimInfo } from '../../iot-core/api/get-sim-info';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { isMultiNetDevice, maskIccid, SUB_OFFICIAL_PATH, viceAuthSummary } from '../auth-rules';
import { useCardRefresh } from '../use-card-refresh';
import { AuthStatusTag, OperatorLogo, useOperatorName } from './auth-status-tag';
import './common.css';
import './switch-official.css';
import '../i18n';

function ViceSimItem({ vice }: { vice: ViceSim }) {
  const { t } = useTranslation();
  const operatorName = useOperatorName();
  return (
    <List.Item
      prefix={<OperatorLogo operatorType={vice.operatorType} testId="vice-operator" decorative />}
      description={<span data-testid="vice-iccid">{maskIccid(vice.iccid || vice.simNo)}</span>}
      extra={<AuthStatusTag status={vice.authStatus} testId="vice-status" />}
      arrow
      onClick={() => navigateTo(SUB_OFFICIAL_PATH, { viceSimNo: vice.simNo })}
      data-testid="vice-sim"
      data-sim={vice.simNo}
    >
      <span className="iot-auth-vice__name">{operatorName(vice.operatorType)}</span>
      {vice.isCurrent === 1 ? (
        <Tag color="primary" fill="solid" className="iot-auth-current" data-testid="vice-current">
          {t('iotRealname.net.current')}
        </Tag>
      ) : null}
    </List.Item>
  );
}

function SwitchOfficialView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const info = useSimInfo(simNo);
  const sim = info.data && info.data.simNo === simNo ? info.data : undefined;
  const refresh = useCardRefresh(simNo);
  const multiNet = sim ? isMultiNetDevice(sim) : false;
  const summary = sim ? viceAuthSummary(sim.viceSims) : { done: 0, total: 0 };

  const onRefresh = async () => {
    const answer = await refresh();
    if (answer) showToast(answer.syncing ? answer.message : t('iotRealname.hub.refreshed'));
  };

  return (
    <div className="iot-auth iot-page" data-testid="switch-official">
      <PageState
        loading={!sim && info.isPending}
        error={!sim && info.isError ? info.error : undefined}
        onRetry={() => void info.refetch()}
        empty={!!sim && !multiNet}
        emptyText={t('iotRealname.sub.notNeeded')}
      >
        {sim ? (
          <>
            <div className="iot-auth-summary" data-testid="switch-official-summary">
              {t('iotRealname.hub.multiNetHint', { done: summary.done, total: summary.total })}
            </div>
            <List mode="card" header={t('iotRealname.sub.listTitle')} data-testid="vice-sims">
              {sim.viceSims.map((vice) => (
                <ViceSimItem key={vice.simNo} vice={vice} />
              ))}
            </List>
            <div className="iot-auth-actions">
              <Button
                block
                fill="outline"
                color="primary"
                onClick={() => void onRefresh()}
                data-testid="switch-official-refresh"
              >
                <RedoOutline /> {t('iotRealname.hub.refresh')}
              </Button>
            </div>
            <section className="iot-auth-tips">
              <h4>{t('iotRealname.tips.title')}</h4>
              <p>{t('iotRealname.sub.tip')}</p>
              <p>{t('iotRealname.tips.effective')}</p>
            </section>
          </>
        ) : null}
      </PageState>
    </div>
  );
}

export function SwitchOfficialPage() {
  return <IotGuard>{(simNo) => <SwitchOfficialView key={simNo} simNo={simNo} />}</IotGuard>;
}
