/**
 * 绑定手机号 (SCREENS §3 bindPhone): the bound mobile (masked) if any, then 手机号 + 验证码 (scene
 * bindMobile, 60 s countdown) and 绑定 → POST /api/iot/simBindMobile → 绑定成功 → `?redirect=` or back.
 * The same form changes the number (换绑). `bindPhoneMode` 1 offers 跳过; 2 (mandatory) does not.
 */
import { isMobile, SMS_CODE_RE } from '@haoka/contract';
import { Button, Form, Input, List } from 'antd-mobile';
import { useState } from 'react';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { useQueryClient } from '../../../platform/query';
import { useAction } from '../../../platform/use-action';
import { usePageQuery } from '../../../platform/use-page-query';
import { putSimInfo, simInfoQueryKey, useSimInfo } from '../../iot-core/api/get-sim-info';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { bindSimMobile } from '../api/bind-sim-mobile';
import { leavePage } from '../leave-page';
import { SimCodeButton } from './sim-code-button';
import './common.css';
import './bind-phone.css';
import '../i18n';

/** bindPhoneMode: 0 not asked, 1 optional (跳过 shown), 2 mandatory. */
export const BindPhoneMode = { NONE: 0, OPTIONAL: 1, REQUIRED: 2 } as const;

function BindPhoneView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const redirect = usePageQuery().redirect;
  const info = useSimInfo(simNo);
  const sim = info.data && info.data.simNo === simNo ? info.data : undefined;
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const bound = sim?.mobile ?? '';

  const checkedMobile = (): string | null => {
    if (!isMobile(mobile)) {
      showToast(t('iotRealname.bind.mobileInvalid'));
      return null;
    }
    return mobile;
  };

  // A refusal (验证码错误或已过期, 绑定卡数已达上限…) is told by the request wrapper.
  const binding = useAction(() => bindSimMobile(mobile, code), {
    loading: true,
    onSuccess: (answer) => {
      showToast(t('iotRealname.bind.success'), { icon: 'success' });
      if (sim) putSimInfo(client, simNo, { ...sim, mobile: answer.mobile });
      void client.invalidateQueries({ queryKey: simInfoQueryKey(simNo) });
      leavePage(redirect);
    },
  });
  const busy = binding.busy;

  const submit = async () => {
    if (busy || !checkedMobile()) return;
    if (!SMS_CODE_RE.test(code)) {
      showToast(t('iotRealname.bind.codeInvalid'));
      return;
    }
    await binding.run();
  };

  return (
    <div className="iot-auth iot-page" data-testid="bind-phone">
      <PageState
        loading={!sim && info.isPending}
        error={!sim && info.isError ? info.error : undefined}
        onRetry={() => void info.refetch()}
      >
        {sim ? (
          <>
            {bound ? (
              <List mode="card" data-testid="bind-current">
                <List.Item
                  extra={<span data-testid="bind-current-mobile">{bound}</span>}
                  description={t('iotRealname.bind.changeHint')}
                >
                  {t('iotRealname.bind.current')}
                </List.Item>
              </List>
            ) : (
              <p className="iot-auth-intro" data-testid="bind-intro">
                {t('iotRealname.bind.intro')}
              </p>
            )}
            <Form layout="horizontal" mode="card">
              <Form.Header>{bound ? t('iotRealname.bind.changeTitle') : t('iotRealname.bind.title')}</Form.Header>
              <Form.Item label={t('iotRealname.bind.mobile')}>
                <Input
                  type="tel"
                  value={mobile}
                  onChange={(v) => setMobile(v.replace(/\D/g, '').slice(0, 11))}
                  maxLength={11}
                  clearable
                  placeholder={t('iotRealname.bind.mobilePlaceholder')}
                  aria-label={t('iotRealname.bind.mobile')}
                  data-testid="bind-mobile"
                />
              </Form.Item>
              <Form.Item
                label={t('iotRealname.bind.code')}
                extra={<SimCodeButton scene="bindMobile" getMobile={checkedMobile} testId="bind-send-code" />}
              >
                <Input
                  type="tel"
                  value={code}
                  onChange={(v) => setCode(v.replace(/\D/g, '').slice(0, 6))}
                  maxLength={6}
                  placeholder={t('iotRealname.bind.codePlaceholder')}
                  aria-label={t('iotRealname.bind.code')}
                  data-testid="bind-code"
                />
              </Form.Item>
            </Form>
            <div className="iot-auth-actions">
              <Button
                block
                color="primary"
                size="large"
                loading={busy}
                onClick={() => void submit()}
                data-testid="bind-submit"
              >
                {bound ? t('iotRealname.bind.change') : t('iotRealname.bind.submit')}
              </Button>
              {sim.bindPhoneMode === BindPhoneMode.OPTIONAL ? (
                <Button block fill="none" onClick={() => leavePage(redirect)} data-testid="bind-skip">
                  {t('iotRealname.bind.skip')}
                </Button>
              ) : null}
            </div>
            <section className="iot-auth-tips">
              <h4>{t('iotRealname.tips.title')}</h4>
              <p>{t('iotRealname.bind.tipUse')}</p>
              {sim.bindPhoneMode === BindPhoneMode.REQUIRED ? (
                <p data-testid="bind-required">{t('iotRealname.bind.tipRequired')}</p>
              ) : null}
            </section>
          </>
        ) : null}
      </PageState>
    </div>
  );
}

export function BindPhonePage() {
  return <IotGuard>{(simNo) => <BindPhoneView key={simNo} simNo={simNo} />}</IotGuard>;
}
