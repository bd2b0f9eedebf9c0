/**
 * 实名认证（联通） (SCREENS §4 pages-sub/ltAuth): the three steps of China Unicom's real-name (准备身份证 →
 * 人脸识别 → 等待生效). 开始认证 leaves for the `url` of the card's simOfficialAuth (mode ltAuth), or of a
 * device's vice SIM with `?viceSimNo=`; the card is refreshed whenever the page is shown; 我已完成认证 forces a card refresh and goes back to 实名认证 (多网实名
 * for a vice SIM). No link → 认证通道繁忙，请稍后再试; 40001 → 认证通道暂不可用.
 */
import { Button, Result, Steps } from 'antd-mobile';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { hideLoading, showLoading } from '../../../platform/feedback';
import { redirectTo } from '../../../platform/navigation';
import { usePageQuery } from '../../../platform/use-page-query';
import { useSimInfo } from '../../iot-core/api/get-sim-info';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { browser } from '../../order/browser';
import { useDeviceOfficialAuth } from '../api/get-device-official-auth';
import { useOfficialAuth } from '../api/get-official-auth';
import { AuthStatus, REALNAME_PATH, SWITCH_OFFICIAL_PATH } from '../auth-rules';
import { useCardRefresh, useRefreshOnShow } from '../use-card-refresh';
import { ChannelBlock, isModuleClosed } from './official-auth';
import './common.css';
import '../i18n';

const STEPS = ['prepare', 'face', 'wait'] as const;

function LtAuthView({ simNo, viceSimNo }: { simNo: string; viceSimNo: string }) {
  const { t } = useTranslation();
  const own = useOfficialAuth(simNo, viceSimNo === '');
  const vice = useDeviceOfficialAuth(simNo, viceSimNo);
  const query = viceSimNo ? vice : own;
  const info = useSimInfo(simNo);
  const sim = info.data && info.data.simNo === simNo ? info.data : undefined;
  const refresh = useCardRefresh(simNo);
  // Back from Unicom's page: the card's status is read anew.
  useRefreshOnShow(simNo);
  const backPath = viceSimNo ? SWITCH_OFFICIAL_PATH : REALNAME_PATH;
  const entry = query.data;
  const simStatus = viceSimNo ? sim?.viceSims.find((v) => v.simNo === viceSimNo)?.authStatus : sim?.authStatus;
  const done = entry?.authStatus === AuthStatus.DONE || simStatus === AuthStatus.DONE;
  const reviewing = !done && (entry?.authStatus === AuthStatus.REVIEWING || simStatus === AuthStatus.REVIEWING);
  const url = entry?.url ?? '';

  const finished = async () => {
    showLoading();
    // A failed refresh was told by the request wrapper (its toast replaced the mask); go back all the same.
    if (await refresh()) hideLoading();
    redirectTo(backPath);
  };

  const back = (
    <Button color="primary" size="small" onClick={() => redirectTo(backPath)} data-testid="lt-back">
      {t('iotRealname.official.backHub')}
    </Button>
  );

  let body = null;
  if (query.isError && isModuleClosed(query.error)) body = <ChannelBlock kind="closed" back={back} />;
  else if (entry && done) {
    body = (
      <div data-testid="lt-done">
        <Result
          status="success"
          title={t('iotRealname.official.done')}
          description={t('iotRealname.official.doneHint')}
        />
        <div className="iot-auth-actions">
          <Button block color="primary" onClick={() => redirectTo(backPath)} data-testid="lt-done-back">
            {t('iotRealname.official.backHub')}
          </Button>
        </div>
      </div>
    );
  } else if (entry && !url) body = <ChannelBlock kind="busy" back={back} />;
  else if (entry) {
    body = (
      <div data-testid="lt-guide">
        <section className="iot-auth-panel">
          <h3 className="iot-auth-heading">{t('iotRealname.lt.heading')}</h3>
          <Steps direction="vertical" current={reviewing ? 2 : 0} data-testid="lt-steps">
            {STEPS.map((step) => (
              <Steps.Step
                key={step}
                title={t(`iotRealname.lt.steps.${step}.title`)}
                description={t(`iotRealname.lt.steps.${step}.desc`)}
              />
            ))}
          </Steps>
        </section>
        <div className="iot-auth-actions">
          <Button block color="primary" size="large" onClick={() => browser.go(url)} data-testid="lt-start">
            {t('iotRealname.lt.start')}
          </Button>
          <Button block fill="outline" onClick={() => void finished()} data-testid="lt-finished">
            {t('iotRealname.lt.finished')}
          </Button>
        </div>
        <section className="iot-auth-tips">
          <h4>{t('iotRealname.tips.title')}</h4>
          {entry.tips ? <p data-testid="lt-entry-tips">{entry.tips}</p> : null}
          <p>{t('iotRealname.tips.ownId')}</p>
          <p>{t('iotRealname.tips.effective')}</p>
        </section>
      </div>
    );
  }

  return (
    <div className="iot-auth iot-page" data-testid="lt-auth">
      {body ?? (
        <PageState
          loading={query.isPending}
          error={query.isError ? query.error : undefined}
          onRetry={() => void query.refetch()}
        />
      )}
    </div>
  );
}

export function LtAuthPage() {
  const viceSimNo = usePageQuery().viceSimNo ?? '';
  return (
    <IotGuard>{(simNo) => <LtAuthView key={`${simNo}|${viceSimNo}`} simNo={simNo} viceSimNo={viceSimNo} />}</IotGuard>
  );
}
