/**
 * IoT 客服 (SCREENS §3 customer/index): 在线客服 from simLayout.kefuUrl in the web view, else the site
 * front's kefuUrl, and 电话客服 from the front's kefuMobile; 热门问题 (scope iot); 复制卡号 for the agent.
 */
import { rechargeNumberOf } from '@haoka/contract';
import { Button, List } from 'antd-mobile';
import { MessageOutline, PhonebookOutline, QuestionCircleOutline } from 'antd-mobile-icons';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { copyText } from '../../../platform/clipboard';
import { showToast } from '../../../platform/feedback';
import { navigateTo } from '../../../platform/navigation';
import { useBaseConfig } from '../../site/api/get-base-config';
import { useSimInfo } from '../api/get-sim-info';
import { useIotHotQuestions } from '../api/list-iot-hot-questions';
import { WEBVIEW_PATH } from '../menu-rules';
import { IotGuard } from './iot-guard';
import { IotTabBar } from './iot-tab-bar';
import './iot-customer.css';
import '../i18n';

export const QUESTION_DETAIL_PATH = '/pages/customer/question/detail';

function CustomerView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const info = useSimInfo(simNo);
  const sim = info.data && info.data.simNo === simNo ? info.data : undefined;
  const front = useBaseConfig().data?.front;
  const hot = useIotHotQuestions();
  const kefuUrl = sim?.simLayout.kefuUrl || front?.kefuUrl || '';
  const kefuMobile = front?.kefuMobile ?? '';
  const cardNo = sim ? rechargeNumberOf(sim) : simNo;

  const openOnline = () => {
    if (!kefuUrl) return showToast(t('iotCore.customer.onlineNotConfigured'));
    navigateTo(WEBVIEW_PATH, { url: kefuUrl, title: t('iotCore.customer.online') });
  };

  return (
    <div className="iot-customer iot-page" data-testid="iot-customer">
      <PageState
        loading={!sim && info.isPending}
        error={!sim && info.isError ? info.error : undefined}
        onRetry={() => void info.refetch()}
      >
        <List mode="card">
          <List.Item
            prefix={<MessageOutline />}
            description={t('iotCore.customer.onlineDesc')}
            onClick={openOnline}
            arrow
            data-testid="iot-customer-online"
          >
            {t('iotCore.customer.online')}
          </List.Item>
          {kefuMobile ? (
            <a className="iot-customer__tel" href={`tel:${kefuMobile}`} data-testid="iot-customer-phone">
              <List.Item prefix={<PhonebookOutline />} description={kefuMobile} arrow>
                {t('iotCore.customer.phone')}
              </List.Item>
            </a>
          ) : null}
          <List.Item
            description={t('iotCore.customer.copyHint')}
            extra={
              <Button
                size="mini"
                color="primary"
                fill="outline"
                onClick={() => void copyText(cardNo)}
                data-testid="iot-customer-copy"
              >
                {t('iotCore.customer.copy')}
              </Button>
            }
          >
            <span data-testid="iot-customer-card">{cardNo}</span>
          </List.Item>
        </List>
        <List mode="card" header={t('iotCore.customer.hotTitle')} data-testid="iot-hot-questions">
          {hot.isPending ? (
            <List.Item>{t('common.loading')}</List.Item>
          ) : hot.data && hot.data.length > 0 ? (
            hot.data.map((q) => (
              <List.Item
                key={q.id}
                prefix={<QuestionCircleOutline data-shop-content />}
                onClick={() => navigateTo(QUESTION_DETAIL_PATH, { id: q.id })}
                arrow
                data-testid="iot-hot-question"
              >
                {q.title}
              </List.Item>
            ))
          ) : (
            <List.Item data-testid="iot-hot-empty">
              {hot.isError ? t('iotCore.customer.hotFailed') : t('iotCore.customer.hotEmpty')}
            </List.Item>
          )}
        </List>
      </PageState>
      {sim ? <IotTabBar tabBar={sim.simLayout.tabBar} /> : null}
    </div>
  );
}

export function IotCustomerPage() {
  return <IotGuard>{(simNo) => <CustomerView key={simNo} simNo={simNo} />}</IotGuard>;
}
