/**
 * 客服中心 (SCREENS §1 customer/index): the service card (在线客服 in the web view, 电话客服 by tel:,
 * 微信客服 → the QR page), 热门问题 (hidden when empty; a failed load only toasts, through the request
 * wrapper) and the link to every question.
 */
import { List } from 'antd-mobile';
import { MessageOutline, PhonebookOutline, QuestionCircleOutline, UserContactOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { navigateTo } from '../../../platform/navigation';
import { useBaseConfig } from '../../site/api/get-base-config';
import { useHotQuestions } from '../api/list-hot-questions';
import './customer.css';
import '../i18n';

export const WEBVIEW_PATH = '/pages/webview/index';
export const CUSTOMER_CODE_PATH = '/pages/customer/code';
export const QUESTIONS_PATH = '/pages/customer/question/index';
export const QUESTION_DETAIL_PATH = '/pages/customer/question/detail';

export function ServiceCentre() {
  const { t } = useTranslation();
  const front = useBaseConfig().data?.front;
  const hot = useHotQuestions();
  const kefuUrl = front?.kefuUrl ?? '';
  const kefuMobile = front?.kefuMobile ?? '';

  const openOnline = () => {
    if (!kefuUrl) {
      showToast(t('customer.onlineNotConfigured'));
      return;
    }
    navigateTo(WEBVIEW_PATH, { url: kefuUrl, title: t('customer.online') });
  };

  return (
    <div className="customer-centre" data-testid="customer-centre">
      <List mode="card" className="customer-centre__card">
        <List.Item prefix={<MessageOutline />} description={t('customer.onlineDesc')} onClick={openOnline} arrow>
          {t('customer.online')}
        </List.Item>
        {kefuMobile ? (
          <a className="customer-centre__tel" href={`tel:${kefuMobile}`} data-testid="customer-phone">
            <List.Item prefix={<PhonebookOutline />} description={kefuMobile} arrow>
              {t('customer.phone')}
            </List.Item>
          </a>
        ) : null}
        <List.Item
          prefix={<UserContactOutline />}
          description={t('customer.wechatDesc')}
          onClick={() => navigateTo(CUSTOMER_CODE_PATH)}
          arrow
        >
          {t('customer.wechat')}
        </List.Item>
      </List>
      {hot.data && hot.data.length > 0 ? (
        <List mode="card" header={t('customer.hotTitle')} data-testid="customer-hot-questions">
          {hot.data.map((q) => (
            <List.Item
              key={q.id}
              prefix={<QuestionCircleOutline />}
              onClick={() => navigateTo(QUESTION_DETAIL_PATH, { id: q.id })}
              arrow
              data-shop-content
              data-testid="customer-hot-question"
            >
              {q.title}
            </List.Item>
          ))}
        </List>
      ) : null}
      <List mode="card">
        <List.Item onClick={() => navigateTo(QUESTIONS_PATH)} arrow data-testid="customer-all-questions">
          {t('customer.allQuestions')}
        </List.Item>
      </List>
    </div>
  );
}
