/**
 * 支付密码 (SCREENS §3 payPassword/index): three modes, each typed on the pay keyboard —
 * - set (existPayPassword 0): new + confirm;
 * - update (existPayPassword 1): old + new + confirm, with 忘记密码 → 身份验证;
 * - reset (?mode=reset&ticket= from 身份验证): new + confirm.
 * A new password must not be too simple (contract isSimplePayPassword: 密码过于简单) and the confirmation
 * must match. Submit → simUpdatePayPass {type, oldPassword?, password, ticket?} → 设置成功 → ?redirect= or
 * back, with the card's existPayPassword set to 1. 41001 (wrong old password) → the old-password step
 * again with the tries left, or locked with 忘记密码.
 */
import { ErrorCode, isSimplePayPassword, type SimInfo } from '@haoka/contract';
import { Steps } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { currentUrl, goBack, navigateTo, navigateUrl } from '../../../platform/navigation';
import { useQueryClient } from '../../../platform/query';
import { ApiError } from '../../../platform/request';
import { useAction } from '../../../platform/use-action';
import { usePageQuery } from '../../../platform/use-page-query';
import { putSimInfo, simInfoQueryKey, useSimInfo } from '../../iot-core/api/get-sim-info';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { PACKAGE_DETAILS_KEY, type PackageDetails } from '../api/get-package-details';
import { UPDATE_PAY_PASSWORD_SILENT, updatePayPassword } from '../api/update-pay-password';
import { preconditionOf, preconditionTarget, verifyFailure } from '../package-rules';
import { PAY_PASSWORD_VALIDATE_PATH } from '../paths';
import { PayKeyboard } from './pay-keyboard';
import './pay-password.css';
import '../i18n';

export type PasswordMode = 'set' | 'update' | 'reset';
type Step = 'old' | 'new' | 'confirm';

const STEPS: Record<PasswordMode, readonly Step[]> = {
  set: ['new', 'confirm'],
  update: ['old', 'new', 'confirm'],
  reset: ['new', 'confirm'],
};

/** The mode of the page: reset with a ticket from 身份验证, else by whether the card has a password. */
export function passwordModeOf(
  query: Record<string, string>,
  existPayPassword: number | undefined,
): PasswordMode | null {
  if (query.mode === 'reset' && query.ticket) return 'reset';
  if (existPayPassword === undefined) return null;
  return existPayPassword === 1 ? 'update' : 'set';
}

/** A `redirect` this app may follow: one of its own routes, never another site. */
export function isInternalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//');
}

interface FlowState {
  step: Step;
  old: string;
  password: string;
  error: string | null;
  locked: boolean;
  resetKey: number;
}

function PasswordFlow({
  mode,
  simNo,
  ticket,
  redirect,
}: {
  mode: PasswordMode;
  simNo: string;
  ticket: string;
  redirect: string;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const steps = STEPS[mode];
  const first = steps[0] as Step;
  const [flow, setFlow] = useState<FlowState>({
    step: first,
    old: '',
    password: '',
    error: null,
    locked: false,
    resetKey: 0,
  });

  const refuse = (step: Step, error: string, patch: Partial<FlowState> = {}) =>
    setFlow((f) => ({ ...f, ...patch, step, error, resetKey: f.resetKey + 1 }));

  const done = () => {
    const cached = client.getQueryData<SimInfo>(simInfoQueryKey(simNo));
    if (cached) putSimInfo(client, simNo, { ...cached, existPayPassword: 1 });
    // The confirm page this flow returns to must ask for the keyboard at once, not after a refetch.
    client.setQueriesData<PackageDetails>({ queryKey: [PACKAGE_DETAILS_KEY] }, (details) =>
      details ? { ...details, existPayPassword: 1 } : details,
    );
    void client.invalidateQueries({ queryKey: [PACKAGE_DETAILS_KEY] });
    showToast(t('iotBuy.password.success'), { icon: 'success' });
    if (isInternalPath(redirect)) navigateUrl(redirect, true);
    else goBack();
  };

  const saving = useAction(
    ({ password, old }: { password: string; old: string }) =>
      updatePayPassword({
        type: mode,
        password,
        ...(mode === 'update' ? { oldPassword: old } : {}),
        ...(mode === 'reset' ? { ticket } : {}),
      }),
    {
      loading: t('iotBuy.password.saving'),
      silentCodes: UPDATE_PAY_PASSWORD_SILENT,
      onSuccess: done,
      onError: (error) => {
        if (error instanceof ApiError && error.code === ErrorCode.VERIFY_REQUIRED) {
          const failure = verifyFailure(error.data);
          refuse(
            'old',
            failure.locked
              ? failure.lockedUntil
                ? t('iotBuy.keyboard.lockedUntil', { time: failure.lockedUntil })
                : t('iotBuy.keyboard.locked')
              : t('iotBuy.password.oldWrong', { count: failure.remainTimes }),
            { old: '', password: '', locked: failure.locked },
          );
          return;
        }
        if (error instanceof ApiError && error.code === ErrorCode.PRECONDITION_REQUIRED) {
          const step = preconditionOf(error.data);
          showToast(error.text || t('iotBuy.details.prerequisite'));
          if (step) navigateUrl(preconditionTarget(step.action, currentUrl()));
          return;
        }
        // -1 (too simple, ticket expired …) was toasted by the request wrapper: start again.
        setFlow((f) => ({ ...f, step: first, old: '', password: '', error: null, resetKey: f.resetKey + 1 }));
      },
    },
  );
  const busy = saving.busy;
  const send = (password: string, old: string) => saving.run({ password, old });

  const complete = (value: string) => {
    if (flow.step === 'old') {
      setFlow((f) => ({ ...f, step: 'new', old: value, error: null }));
      return;
    }
    if (flow.step === 'new') {
      if (isSimplePayPassword(value)) {
        refuse('new', t('iotBuy.password.tooSimple'));
        return;
      }
      setFlow((f) => ({ ...f, step: 'confirm', password: value, error: null }));
      return;
    }
    if (value !== flow.password) {
      refuse('new', t('iotBuy.password.mismatch'), { password: '' });
      return;
    }
    void send(flow.password, flow.old);
  };

  const forgot = () => navigateTo(PAY_PASSWORD_VALIDATE_PATH, redirect ? { redirect } : {}, { replace: true });

  const titles: Record<Step, string> = {
    old: t('iotBuy.password.old'),
    new: mode === 'set' ? t('iotBuy.password.new') : t('iotBuy.password.newForChange'),
    confirm: t('iotBuy.password.confirm'),
  };
  const stepTitles: Record<Step, string> = {
    old: t('iotBuy.password.stepOld'),
    new: t('iotBuy.password.stepNew'),
    confirm: t('iotBuy.password.stepConfirm'),
  };

  return (
    <div className="pkg-password" data-testid="pay-password" data-mode={mode} data-step={flow.step}>
      <div className="pkg-password__heading" data-testid="pay-password-heading">
        {t(`iotBuy.password.${mode}Title`)}
      </div>
      <Steps current={steps.indexOf(flow.step)} className="pkg-password__steps">
        {steps.map((s) => (
          <Steps.Step key={s} title={stepTitles[s]} />
        ))}
      </Steps>
      <PayKeyboard
        key={flow.step}
        title={titles[flow.step]}
        error={flow.error}
        hint={t('iotBuy.password.hint')}
        resetKey={flow.resetKey}
        disabled={flow.step === 'old' && flow.locked}
        busy={busy}
        onComplete={complete}
        onForgot={mode === 'update' ? forgot : undefined}
        testId="pay-password-keyboard"
      />
    </div>
  );
}

function PayPasswordView({ simNo }: { simNo: string }) {
  const query = usePageQuery();
  const info = useSimInfo(simNo);
  const fresh = info.data && !info.isPlaceholderData && info.data.simNo === simNo ? info.data : undefined;
  const [mode, setMode] = useState<PasswordMode | null>(() => passwordModeOf(query, undefined));
  const found = passwordModeOf(query, fresh?.existPayPassword);
  // The mode is decided once: the page's own success turns existPayPassword to 1 before it leaves.
  useEffect(() => {
    if (mode === null && found !== null) setMode(found);
  }, [mode, found]);
  return (
    <div className="pkg-password-page iot-page" data-testid="pay-password-page">
      <PageState
        loading={mode === null && !info.isError}
        error={mode === null && info.isError ? info.error : undefined}
        onRetry={() => void info.refetch()}
      >
        {mode ? (
          <PasswordFlow mode={mode} simNo={simNo} ticket={query.ticket ?? ''} redirect={query.redirect ?? ''} />
        ) : null}
      </PageState>
    </div>
  );
}

/** The route /pages/iot/index/payPassword/index. */
export function PayPasswordPage() {
  return <IotGuard>{(simNo) => <PayPasswordView key={simNo} simNo={simNo} />}</IotGuard>;
}
