/**
 * 身份验证 (SCREENS §3 payPassword/validate): before a pay-password reset, the card holder proves they hold
 * the bound mobile (shown masked). 获取验证码 → /api/sms/send {scene:'payPassword'} (the server sends to the
 * bound mobile; 60 s countdown); 下一步 → simUpdatePayPass {type:'verify', code} → ticket → 支付密码
 * ?mode=reset&ticket= (keeping ?redirect=). No bound mobile (or 41002 bindPhone) → 请先绑定手机号 → 绑定手机号.
 */
import { ErrorCode, SMS_CODE_RE } from '@haoka/contract';
import { Button, Form, Input, List } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { showModal, showToast } from '../../../platform/feedback';
import { currentUrl, navigateTo, navigateUrl, redirectTo } from '../../../platform/navigation';
import { ApiError } from '../../../platform/request';
import { useAction } from '../../../platform/use-action';
import { usePageQuery } from '../../../platform/use-page-query';
import { useSimInfo } from '../../iot-core/api/get-sim-info';
import { sendSimCode } from '../../iot-core/api/send-sim-code';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { SMS_RESEND_SECONDS } from '../../sms/components/send-code-button';
import { useCountdown } from '../../sms/countdown';
import { UPDATE_PAY_PASSWORD_SILENT, updatePayPassword } from '../api/update-pay-password';
import { digitsOnly, preconditionOf, preconditionTarget } from '../package-rules';
import { BIND_PHONE_PATH, PAY_PASSWORD_PATH } from '../paths';
import './common.css';
import './pay-password-validate.css';
import '../i18n';

/** 请先绑定手机号 → 绑定手机号, which comes back here. */
function useAskBindPhone() {
  const { t } = useTranslation();
  const asking = useRef(false);
  return async () => {
    if (asking.current) return;
    asking.current = true;
    try {
      const go = await showModal({
        title: t('iotBuy.validate.bindTitle'),
        content: t('iotBuy.validate.bindFirst'),
        confirmText: t('iotBuy.validate.goBind'),
      });
      if (go) navigateTo(BIND_PHONE_PATH, { redirect: currentUrl() });
    } finally {
      asking.current = false;
    }
  };
}

function ValidateForm({ mobile, redirect }: { mobile: string; redirect: string }) {
  const { t } = useTranslation();
  const askBind = useAskBindPhone();
  const { seconds, running, start } = useCountdown();
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState('');

  const onPrecondition = (error: unknown): boolean => {
    if (!(error instanceof ApiError) || error.code !== ErrorCode.PRECONDITION_REQUIRED) return false;
    const step = preconditionOf(error.data);
    if (!step || step.action === 'bindPhone') void askBind();
    else {
      showToast(error.text || t('iotBuy.details.prerequisite'));
      navigateUrl(preconditionTarget(step.action, currentUrl()));
    }
    return true;
  };

  // Other refusals (rate limit …) are told by the request wrapper.
  const sendingCode = useAction(() => sendSimCode('payPassword'), {
    onSuccess: (sent) => {
      start(sent.resendIn > 0 ? sent.resendIn : SMS_RESEND_SECONDS);
      setSentTo(sent.maskedMobile || mobile);
      showToast(t('iotBuy.validate.sent', { mobile: sent.maskedMobile || mobile }), { icon: 'success' });
    },
    onError: onPrecondition,
  });
  const sending = sendingCode.busy;

  const send = async () => {
    if (!running) await sendingCode.run();
  };

  const verifying = useAction(() => updatePayPassword({ type: 'verify', code }), {
    loading: true,
    silentCodes: UPDATE_PAY_PASSWORD_SILENT,
    onSuccess: (answer) => {
      if ('ticket' in answer && answer.ticket) {
        redirectTo(PAY_PASSWORD_PATH, { mode: 'reset', ticket: answer.ticket, redirect: redirect || undefined });
      }
    },
    // -1 验证码错误 was toasted by the request wrapper
    onError: onPrecondition,
  });
  const submitting = verifying.busy;

  const next = async () => {
    if (submitting) return;
    if (!SMS_CODE_RE.test(code)) {
      showToast(t('iotBuy.validate.codeInvalid'));
      return;
    }
    await verifying.run();
  };

  return (
    <div className="pkg-validate" data-testid="validate-form">
      <p className="pkg-validate__intro">{t('iotBuy.validate.intro')}</p>
      <List mode="card">
        <List.Item extra={<span data-testid="validate-mobile">{mobile}</span>}>{t('iotBuy.validate.mobile')}</List.Item>
      </List>
      <Form layout="horizontal" mode="card">
        <Form.Item
          label={t('iotBuy.validate.code')}
          extra={
            <Button
              size="mini"
              color="primary"
              fill="outline"
              disabled={running}
              loading={sending}
              onClick={() => void send()}
              data-testid="validate-send"
              data-countdown={seconds}
            >
              {running ? t('iotBuy.validate.resend', { seconds }) : t('iotBuy.validate.send')}
            </Button>
          }
        >
          <Input
            value={code}
            onChange={(v) => setCode(digitsOnly(v))}
            placeholder={t('iotBuy.validate.codePlaceholder')}
            aria-label={t('iotBuy.validate.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            data-testid="validate-code"
          />
        </Form.Item>
      </Form>
      {sentTo ? (
        <p className="pkg-validate__sent" data-testid="validate-sent">
          {t('iotBuy.validate.sent', { mobile: sentTo })}
        </p>
      ) : null}
      <div className="pkg-page-actions">
        <Button
          block
          color="primary"
          size="large"
          disabled={code.length !== 6 || submitting}
          onClick={() => void next()}
          data-testid="validate-next"
        >
          {t('iotBuy.validate.next')}
        </Button>
      </div>
    </div>
  );
}

function NoMobile() {
  const { t } = useTranslation();
  const askBind = useAskBindPhone();
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once when the page opens
  useEffect(() => {
    void askBind();
  }, []);
  return (
    <PageState
      loading={false}
      empty
      emptyText={t('iotBuy.validate.unbound')}
      emptyAction={
        <Button
          size="small"
          color="primary"
          onClick={() => navigateTo(BIND_PHONE_PATH, { redirect: currentUrl() })}
          data-testid="validate-bind"
        >
          {t('iotBuy.validate.goBind')}
        </Button>
      }
    />
  );
}

function ValidateView({ simNo }: { simNo: string }) {
  const query = usePageQuery();
  const info = useSimInfo(simNo);
  const sim = info.data && !info.isPlaceholderData && info.data.simNo === simNo ? info.data : undefined;
  return (
    <div className="pkg-validate-page iot-page" data-testid="validate-page">
      <PageState
        loading={!sim && !info.isError}
        error={!sim && info.isError ? info.error : undefined}
        onRetry={() => void info.refetch()}
      >
        {sim ? sim.mobile ? <ValidateForm mobile={sim.mobile} redirect={query.redirect ?? ''} /> : <NoMobile /> : null}
      </PageState>
    </div>
  );
}

/** The route /pages/iot/index/payPassword/validate. */
export function PayPasswordValidatePage() {
  return <IotGuard>{(simNo) => <ValidateView key={simNo} simNo={simNo} />}</IotGuard>;
}
