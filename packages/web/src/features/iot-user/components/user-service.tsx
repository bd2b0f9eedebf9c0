/**
 * 服务 (SCREENS §4 user/service): simLayout.user.service — title, 在线客服 (kefuUrl, in the web view),
 * 电话 (mobile), 二维码 (qr) — each field falling back to the card layout's kefuUrl and then to the shop
 * front's kefu fields. As a block of 我的 it lists the configured contacts (the QR opens the full page);
 * as a direct route it adds the QR large (long-press saves it) and 复制卡号 for the agent.
 */
import { DEFAULT_SIM_SERVICE_TITLE, rechargeNumberOf, type SimInfo } from '@haoka/contract';
import { Button, List } from 'antd-mobile';
import { MessageOutline, PhonebookOutline, ScanningOutline } from 'antd-mobile-icons';
import { ErrorBlock } from '../../../components/error-block';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { copyText } from '../../../platform/clipboard';
import { navigateTo } from '../../../platform/navigation';
import { saveImage, useLongPress } from '../../customer/long-press';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { IotTabBar } from '../../iot-core/components/iot-tab-bar';
import { WEBVIEW_PATH } from '../../iot-core/menu-rules';
import { useBaseConfig } from '../../site/api/get-base-config';
import { useSimInfoOnShow } from '../api/use-sim-info-on-show';
import { USER_SERVICE_PATH } from '../paths';
import { hasContacts, type ServiceContacts, serviceContacts } from '../user-rules';
import './user-service.css';
import '../i18n';

function useContacts(sim: SimInfo): ServiceContacts {
  return serviceContacts(sim, useBaseConfig().data?.front);
}

function ContactItems({ contacts, qrItem }: { contacts: ServiceContacts; qrItem: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {contacts.kefuUrl ? (
        <List.Item
          prefix={<MessageOutline />}
          description={t('iotUser.service.onlineDesc')}
          onClick={() => navigateTo(WEBVIEW_PATH, { url: contacts.kefuUrl, title: t('iotUser.service.online') })}
          arrow
          data-testid="user-service-online"
        >
          {t('iotUser.service.online')}
        </List.Item>
      ) : null}
      {contacts.mobile ? (
        <a className="iot-user-service__tel" href={`tel:${contacts.mobile}`} data-testid="user-service-phone">
          <List.Item prefix={<PhonebookOutline />} description={contacts.mobile} arrow>
            {t('iotUser.service.phone')}
          </List.Item>
        </a>
      ) : null}
      {qrItem && contacts.qr ? (
        <List.Item
          prefix={<ScanningOutline />}
          onClick={() => navigateTo(USER_SERVICE_PATH)}
          arrow
          data-testid="user-service-qr-link"
        >
          {t('iotUser.service.qr')}
        </List.Item>
      ) : null}
    </>
  );
}

/** The layout's own service title (shop content), or the catalogue's when it names none or keeps the default. */
function ServiceTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  if (!title || title === DEFAULT_SIM_SERVICE_TITLE) return <>{t('iotUser.service.title')}</>;
  return <span data-shop-content>{title}</span>;
}

/** The block inside 我的; nothing when no contact is configured anywhere. */
export function ServiceBlock({ sim }: { sim: SimInfo }) {
  const contacts = useContacts(sim);
  if (!hasContacts(contacts)) return null;
  return (
    <List
      mode="card"
      header={<ServiceTitle title={contacts.title} />}
      className="iot-user-service"
      data-testid="user-service"
    >
      <ContactItems contacts={contacts} qrItem />
    </List>
  );
}

function ServiceQr({ src }: { src: string }) {
  const { t } = useTranslation();
  const press = useLongPress(() => saveImage(src));
  return (
    <figure className="iot-user-service__qr" data-testid="user-service-qr">
      <img className="iot-user-service__qr-image" src={src} alt={t('iotUser.service.qr')} {...press} />
      <figcaption className="iot-user-service__qr-hint">{t('iotUser.service.qrHint')}</figcaption>
    </figure>
  );
}

function ServiceContent({ sim }: { sim: SimInfo }) {
  const { t } = useTranslation();
  const contacts = useContacts(sim);
  const cardNo = rechargeNumberOf(sim);
  return (
    <>
      {hasContacts(contacts) ? (
        <List mode="card" header={<ServiceTitle title={contacts.title} />} data-testid="user-service">
          <ContactItems contacts={contacts} qrItem={false} />
        </List>
      ) : (
        <ErrorBlock status="empty" title={t('iotUser.service.none')} description="" data-testid="user-service-none" />
      )}
      {contacts.qr ? <ServiceQr src={contacts.qr} /> : null}
      <List mode="card">
        <List.Item
          description={t('iotUser.service.copyHint')}
          extra={
            <Button
              size="mini"
              color="primary"
              fill="outline"
              onClick={() => void copyText(cardNo)}
              data-testid="user-service-copy"
            >
              {t('iotUser.service.copy')}
            </Button>
          }
        >
          <span data-testid="user-service-card">{cardNo}</span>
        </List.Item>
      </List>
    </>
  );
}

function ServiceView({ simNo }: { simNo: string }) {
  const info = useSimInfoOnShow(simNo);
  const { sim } = info;
  return (
    <div className="iot-user iot-page" data-testid="user-service-page">
      <PageState
        loading={!sim && info.isPending}
        error={!sim && info.isError ? info.error : undefined}
        onRetry={() => void info.refetch()}
      >
        {sim ? <ServiceContent sim={sim} /> : null}
      </PageState>
      {sim ? <IotTabBar tabBar={sim.simLayout.tabBar} /> : null}
    </div>
  );
}

export function UserServicePage() {
  return <IotGuard>{(simNo) => <ServiceView key={simNo} simNo={simNo} />}</IotGuard>;
}
