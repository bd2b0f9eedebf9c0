/**
 * 我的 (SCREENS §1 user/index2 and user/index): the header card (logged in: avatar, nickname, masked mobile;
 * else 登录/查询订单), order shortcuts, the menu as the promoter's shopMenu shapes it, 退出登录 when logged
 * in, and the app version. The standalone page adds the agent block. Order badge counts come with the
 * shopper order list.
 */
import { APP_VERSION, defaultShopperNickname, isUrl, maskMobile } from '@haoka/contract';
import { Badge, Button, List } from 'antd-mobile';
import {
  BillOutline,
  CheckShieldOutline,
  ClockCircleOutline,
  FileOutline,
  GlobalOutline,
  InformationCircleOutline,
  LinkOutline,
  MessageOutline,
  PayCircleOutline,
  QuestionCircleOutline,
  SendOutline,
  TruckOutline,
} from 'antd-mobile-icons';
import type { ComponentType, ReactNode } from 'react';
import { Avatar } from '../../../components/avatar';
import { LanguageSwitch } from '../../../components/language-row';
import { useTranslation } from '../../../i18n/react';
import { copyText } from '../../../platform/clipboard';
import { showModal, showToast } from '../../../platform/feedback';
import { navigateTo, SHOP_LOGIN_PATH } from '../../../platform/navigation';
import { useQueryClient } from '../../../platform/query';
import { useIotStore } from '../../../stores/iot';
import { isLoggedIn, useUserStore } from '../../../stores/user';
import { logoutShopper } from '../../auth/api/logout-shopper';
import { useBaseConfig } from '../../site/api/get-base-config';
import { useOrderCounts } from '../api/count-orders';
import { buildUserMenu, type MenuKey, ORDER_PATH, type UserMenuItem } from '../user-menu';
import './mine.css';

const WEBVIEW_PATH = '/pages/webview/index';

/** One meaningful icon per known entry; the promoter's own entries are links. */
const MENU_ICONS: Record<MenuKey, ComponentType<{ 'aria-hidden'?: boolean }>> = {
  order: BillOutline,
  iot: GlobalOutline,
  customer: MessageOutline,
  faq: QuestionCircleOutline,
  payment: FileOutline,
  promise: CheckShieldOutline,
  about: InformationCircleOutline,
};

function MenuIcon({ menuKey }: { menuKey: string }) {
  const Icon = (MENU_ICONS as Record<string, (typeof MENU_ICONS)[MenuKey] | undefined>)[menuKey] ?? LinkOutline;
  return (
    <span className="user-menu__icon" data-icon={menuKey in MENU_ICONS ? menuKey : 'link'}>
      <Icon aria-hidden />
    </span>
  );
}

/** Order status of each shortcut (SCREENS §1 order/index tabs). */
const SHORTCUTS = [
  { status: 0, labelKey: 'user.pendingPay', icon: <PayCircleOutline /> },
  { status: 1, labelKey: 'user.pendingReview', icon: <ClockCircleOutline /> },
  { status: 2, labelKey: 'user.pendingShip', icon: <TruckOutline /> },
  { status: 3, labelKey: 'user.shipped', icon: <SendOutline /> },
] as const;

function openPath(path: string, title?: string) {
  if (isUrl(path)) navigateTo(WEBVIEW_PATH, { url: path, title });
  else navigateTo(path);
}

/** The shopper's nickname: the one an SMS login gives (用户 + last four digits) in the active language, another as it is. */
function Nickname({ nickname, mobile }: { nickname: string; mobile: string }) {
  const { t } = useTranslation();
  if (!nickname) return <>{t('user.defaultNickname')}</>;
  if (nickname === defaultShopperNickname(mobile)) return <>{t('user.nicknameOf', { last4: mobile.slice(-4) })}</>;
  return <span data-shop-content>{nickname}</span>;
}

function HeaderCard({ selfPath }: { selfPath: string }) {
  const { t } = useTranslation();
  const user = useUserStore();
  if (!isLoggedIn(user)) {
    return (
      <div className="user-header" data-testid="user-header-guest">
        <Avatar src="" alt="" className="user-header__avatar" />
        <div className="user-header__text">
          <Button
            size="small"
            shape="rounded"
            className="user-header__login"
            onClick={() => navigateTo(SHOP_LOGIN_PATH, { redirect: selfPath })}
            data-testid="user-login"
          >
            {t('user.login')}
          </Button>
          <span className="user-header__hint">{t('user.loginHint')}</span>
        </div>
      </div>
    );
  }
  return (
    <div className="user-header" data-testid="user-header-member">
      <Avatar src={user.avatar} alt="" className="user-header__avatar" />
      <div className="user-header__text">
        <span className="user-header__name" data-testid="user-nickname">
          <Nickname nickname={user.nickname} mobile={user.mobile} />
        </span>
        <span className="user-header__mobile" data-testid="user-mobile">
          {maskMobile(user.mobile)}
        </span>
      </div>
    </div>
  );
}

const SHORTCUT_STATUSES = SHORTCUTS.map((s) => s.status);

function OrderShortcuts() {
  const { t } = useTranslation();
  const loggedIn = useUserStore((s) => isLoggedIn(s));
  const counts = useOrderCounts(SHORTCUT_STATUSES, loggedIn);
  return (
    <section className="user-card" data-testid="user-order-shortcuts">
      <button type="button" className="user-card__head" onClick={() => navigateTo(ORDER_PATH)}>
        <span className="user-card__title">{t('user.orders')}</span>
        <span className="user-card__more">{t('user.allOrders')} ›</span>
      </button>
      <div className="user-shortcuts">
        {SHORTCUTS.map((s, i) => (
          <button
            key={s.status}
            type="button"
            className="user-shortcuts__item"
            onClick={() => navigateTo(ORDER_PATH, { status: s.status })}
            data-testid={`user-order-${s.status}`}
          >
            <Badge content={counts[i] ? String(counts[i]) : null} data-testid={`user-order-badge-${s.status}`}>
              <span className="user-shortcuts__icon">{s.icon}</span>
            </Badge>
            <span>{t(s.labelKey)}</span>
          </button>
        ))}
      </div>
    </section>
  );
}

function AgentBlock() {
  const { t } = useTranslation();
  const config = useBaseConfig().data;
  if (config?.isAgent !== 1) return null;
  const kefuUrl = config.front.kefuUrl;
  return (
    <List mode="card" header={t('user.agentTitle')} data-testid="user-agent">
      <List.Item extra={config.promoName}>{t('user.promoName')}</List.Item>
      <List.Item
        extra={
          <span className="user-agent__code">
            <span data-testid="user-invite-code">{config.inviteCode}</span>
            {config.inviteCode ? (
              <Button size="mini" fill="outline" color="primary" onClick={() => void copyText(config.inviteCode)}>
                {t('user.copy')}
              </Button>
            ) : null}
          </span>
        }
      >
        {t('user.inviteCode')}
      </List.Item>
      {config.front.showInviteRegister === 1 && kefuUrl ? (
        <List.Item arrow onClick={() => openPath(kefuUrl, t('user.inviteRegister'))} data-testid="user-invite-register">
          {t('user.inviteRegister')}
        </List.Item>
      ) : null}
    </List>
  );
}

function MenuList({ items }: { items: UserMenuItem[] }) {
  const { t } = useTranslation();
  return (
    <List mode="card" data-testid="user-menu">
      {items.map((item) => {
        const label = item.name ?? (item.labelKey ? t(item.labelKey) : item.key);
        // A name the promoter gave the item is its own content.
        const content = item.name !== undefined;
        return (
          <List.Item
            key={item.key}
            prefix={<MenuIcon menuKey={item.key} />}
            arrow
            onClick={() => openPath(item.path, label)}
            data-testid={`user-menu-${item.key}`}
          >
            {content ? <span data-shop-content>{label}</span> : label}
          </List.Item>
        );
      })}
    </List>
  );
}

export function MinePage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation();
  const shopMenu = useBaseConfig().data?.shopMenu ?? [];
  const simNo = useIotStore((s) => s.simNo);
  const loggedIn = useUserStore((s) => isLoggedIn(s));
  const items = buildUserMenu(shopMenu, { simNo });
  const selfPath = standalone ? '/pages/user/index' : '/pages/user/index2';

  const client = useQueryClient();

  const logout = async () => {
    if (!(await showModal({ content: t('user.logoutConfirm') }))) return;
    await logoutShopper(client);
    showToast(t('user.loggedOut'));
  };

  let agent: ReactNode = null;
  if (standalone) agent = <AgentBlock />;
  return (
    <div className="user-page" data-testid={standalone ? 'user-page-standalone' : 'user-page'}>
      <HeaderCard selfPath={selfPath} />
      <OrderShortcuts />
      {agent}
      <MenuList items={items} />
      <LanguageSwitch />
      {loggedIn ? (
        <div className="user-page__logout">
          <Button block fill="outline" color="danger" onClick={() => void logout()} data-testid="user-logout">
            {t('user.logout')}
          </Button>
        </div>
      ) : null}
      <footer className="user-page__version" data-testid="user-version">
        {t('user.version', { version: APP_VERSION })}
      </footer>
    </div>
  );
}
