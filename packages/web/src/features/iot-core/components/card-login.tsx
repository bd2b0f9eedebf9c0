/**
 * 卡号登录 (SCREENS §3 login/index): branding, placeholder and notice from simLoginConfig; the card
 * number (trimmed, uppercased, 6–32 letters/digits); the recent cards (tap fills, ✕ removes); the
 * agreement when needProtocol=1; the card password once the server answers 41001 (asked for first, then
 * after a wrong one with the attempts left, and the lock time). Success stores the session and card and replaces the page with ?redirect or
 * the IoT home.
 */
import { DEFAULT_SIM_LOGIN_PLACEHOLDER, DEFAULT_SIM_SERVICE_NAME, ErrorCode, isSimNo } from '@haoka/contract';
import { Button, Checkbox, Input, NoticeBar, Tag } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { lazy, useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { FormField, FormFields } from '../../../components/form-fields';
import { LanguageButton } from '../../../components/language-switch';
import { PageState } from '../../../components/page-state';
import { whenOpened } from '../../../components/when-opened';
import { withTexts } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { IOT_HOME_PATH, redirectTo } from '../../../platform/navigation';
import { ApiError } from '../../../platform/request';
import { useAction } from '../../../platform/use-action';
import { usePageQuery } from '../../../platform/use-page-query';
import { useIotStore } from '../../../stores/iot';
import { useBaseConfig } from '../../site/api/get-base-config';
import { useIotLoginProtocol } from '../api/get-iot-login-protocol';
import { useSimLoginConfig } from '../api/get-sim-login-config';
import { simLogin, type VerifyRequired } from '../api/sim-login';
import './card-login.css';
import '../i18n-login';

/** Only an in-app path may be a redirect target. */
export function cardLoginTarget(redirect: string | undefined): string {
  const target = (redirect ?? '').trim();
  return target.startsWith('/') && !target.startsWith('//') ? target : IOT_HOME_PATH;
}

export function normaliseSimNo(value: string): string {
  return value.trim().toUpperCase();
}

/** The agreement's sheet, downloaded with the sanitiser on its first opening. */
const ProtocolPopup = whenOpened(
  lazy(() => withTexts(import('./card-login-protocol')).then((m) => ({ default: m.ProtocolPopup }))),
);

function RecentCards({ onPick }: { onPick: (simNo: string) => void }) {
  const { t } = useTranslation();
  const loginSns = useIotStore((s) => s.loginSns);
  const remove = useIotStore((s) => s.removeRecentCard);
  if (loginSns.length === 0) return null;
  return (
    <div className="iot-login__recent" data-testid="iot-login-recent">
      <span className="iot-login__recent-title">{t('iotLogin.recent')}</span>
      {loginSns.map((sn) => (
        <Tag key={sn} round color="default" className="iot-login__chip">
          <button
            type="button"
            className="iot-login__chip-text"
            onClick={() => onPick(sn)}
            data-testid="iot-recent-card"
          >
            {sn}
          </button>
          <button
            type="button"
            className="iot-login__chip-remove"
            aria-label={t('iotLogin.removeRecent')}
            onClick={() => remove(sn)}
            data-testid="iot-recent-remove"
          >
            <CloseOutline />
          </button>
        </Tag>
      ))}
    </div>
  );
}

function LoginForm({ needProtocol, placeholder }: { needProtocol: boolean; placeholder: string }) {
  const { t } = useTranslation();
  const query = usePageQuery();
  const [simNo, setSimNo] = useState(() => normaliseSimNo(query.simNo ?? useIotStore.getState().simNo));
  const [password, setPassword] = useState('');
  const [agree, setAgree] = useState(false);
  /** The 41001 answer; `tried` when it answered a password (a wrong one), not the first ask for one. */
  const [verify, setVerify] = useState<(VerifyRequired & { tried: boolean }) | null>(null);
  const [protocolOpen, setProtocolOpen] = useState(false);
  const protocol = useIotLoginProtocol(needProtocol && agree);
  const login = useAction(
    ({ sn, sentPassword }: { sn: string; sentPassword: string | undefined }) =>
      simLogin({
        simNo: sn,
        password: sentPassword,
        agreeProtocol: 1,
        protocolVersion: protocol.data?.version || undefined,
      }),
    {
      onSuccess: () => {
        showToast(t('iotLogin.success'), { icon: 'success' });
        redirectTo(cardLoginTarget(query.redirect));
      },
      onError: (error, { sentPassword }) => {
        if (error instanceof ApiError && error.code === ErrorCode.VERIFY_REQUIRED) {
          const data = (error.data ?? {}) as VerifyRequired;
          setVerify({ ...data, tried: Boolean(sentPassword) });
          setPassword('');
          if (error.text) showToast(error.text);
        }
      },
    },
  );
  const busy = login.busy;

  const submit = async () => {
    const sn = normaliseSimNo(simNo);
    if (!sn) return showToast(t('iotLogin.simNoRequired'));
    if (!isSimNo(sn)) return showToast(t('iotLogin.simNoInvalid'));
    if (needProtocol && !agree) return showToast(t('iotLogin.agreeRequired'));
    if (verify && !/^\d{6}$/.test(password)) return showToast(t('iotLogin.passwordInvalid'));
    await login.run({ sn, sentPassword: verify ? password : undefined });
  };

  return (
    <form
      className="iot-login__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="iot-login-form"
    >
      <FormFields>
        <FormField label={t('iotLogin.simNo')}>
          {(id) => (
            <Input
              id={id}
              value={simNo}
              onChange={(v) => {
                setSimNo(v.replace(/[^0-9A-Za-z]/g, '').toUpperCase());
                setVerify(null);
              }}
              placeholder={
                placeholder && placeholder !== DEFAULT_SIM_LOGIN_PLACEHOLDER ? placeholder : t('iotLogin.placeholder')
              }
              maxLength={32}
              clearable
              enterKeyHint="go"
              data-testid="iot-login-simno"
            />
          )}
        </FormField>
        {verify ? (
          <FormField
            label={t('iotLogin.password')}
            description={
              <span
                className={`iot-login__verify${verify.tried || verify.lockedUntil ? '' : ' is-ask'}`}
                data-testid="iot-login-remain"
              >
                {verify.lockedUntil
                  ? t('iotLogin.lockedUntil', { time: verify.lockedUntil })
                  : verify.tried && typeof verify.remainTimes === 'number'
                    ? t('iotLogin.remainTimes', { count: verify.remainTimes })
                    : t('iotLogin.passwordHint')}
              </span>
            }
          >
            {(id) => (
              <Input
                id={id}
                value={password}
                onChange={(v) => setPassword(v.replace(/\D/g, '').slice(0, 6))}
                type="password"
                inputMode="numeric"
                maxLength={6}
                enterKeyHint="go"
                placeholder={t('iotLogin.passwordPlaceholder')}
                data-testid="iot-login-password"
              />
            )}
          </FormField>
        ) : null}
      </FormFields>
      <RecentCards
        onPick={(sn) => {
          setSimNo(sn);
          setVerify(null);
        }}
      />
      {needProtocol ? (
        <div className="iot-login__agree">
          <Checkbox checked={agree} onChange={setAgree} data-testid="iot-login-agree">
            {t('iotLogin.agreePrefix')}
          </Checkbox>
          <button
            type="button"
            className="iot-login__link"
            onClick={() => setProtocolOpen(true)}
            data-testid="iot-login-protocol-link"
          >
            {t('iotLogin.agreement')}
          </button>
        </div>
      ) : null}
      <Button block type="submit" color="primary" size="large" loading={busy} data-testid="iot-login-submit">
        {t('iotLogin.submit')}
      </Button>
      <ProtocolPopup visible={protocolOpen} onClose={() => setProtocolOpen(false)} />
    </form>
  );
}

/**
 * The login title: the operator's own title as written (shop content), or the server's default, the
 * site title · 物联卡自助服务, with the service's name in the active language.
 */
function LoginTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  const suffix = `·${DEFAULT_SIM_SERVICE_NAME}`;
  if (title === DEFAULT_SIM_SERVICE_NAME) return <>{t('user.menu.iot')}</>;
  if (title.endsWith(suffix)) {
    return (
      <>
        <span data-shop-content>{title.slice(0, -suffix.length)}</span>·{t('user.menu.iot')}
      </>
    );
  }
  return <span data-shop-content>{title}</span>;
}

export function CardLoginPage() {
  const { t } = useTranslation();
  const config = useSimLoginConfig();
  const siteLogo = useBaseConfig().data?.front.logo ?? '';
  const data = config.data;
  return (
    <div className="iot-login" data-testid="iot-login-page">
      <div className="iot-login__lang">
        <LanguageButton />
      </div>
      <PageState
        loading={config.isPending}
        error={config.isError ? config.error : undefined}
        onRetry={() => void config.refetch()}
      >
        {data ? (
          <>
            <div className="iot-login__brand">
              <Avatar src={data.logo || siteLogo} alt="" style={{ '--size': '72px', '--border-radius': '50%' }} />
              <h1 data-testid="iot-login-title">
                {data.title ? <LoginTitle title={data.title} /> : t('iotLogin.heading')}
              </h1>
            </div>
            {data.notice ? <NoticeBar content={data.notice} color="info" wrap data-testid="iot-login-notice" /> : null}
            <LoginForm needProtocol={data.needProtocol === 1} placeholder={data.placeholder} />
          </>
        ) : null}
      </PageState>
    </div>
  );
}
