/**
 * 修改WiFi (SCREENS §4 setSsidPwd): `?wifiType=1|2`. WiFi名称 (1–32, at most 32 bytes in UTF-8, no outer
 * spaces), 密码 (8–63 printable ASCII; empty only on an open network) and 确认密码, filled with the current
 * values. 保存 confirms, sends POST /api/iot/iotDevice/setWiFiSsidPwd, toasts and goes back; the device
 * page then shows the entry as 修改中 until the next card refresh.
 */
import type { DeviceInfo } from '@haoka/contract';
import { Button, Dialog, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { ErrorBlock } from '../../../components/error-block';
import { PageState } from '../../../components/page-state';
import { PasswordInput } from '../../../components/password-input';
import { useTranslation } from '../../../i18n/react';
import { goBack } from '../../../platform/navigation';
import { useAction } from '../../../platform/use-action';
import { usePageQuery } from '../../../platform/use-page-query';
import { useSimInfo } from '../../iot-core/api/get-sim-info';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { setWifiSsidPwd } from '../api/device-commands';
import { checkWifiForm, type WifiEntry, type WifiForm, type WifiFormErrors, wifiEntries } from '../wifi-rules';
import { NotADevice, useCommandSent } from './device-manage';
import './common.css';
import './set-ssid-pwd.css';
import '../i18n';

function WifiFormView({ simNo, entry }: { simNo: string; entry: WifiEntry }) {
  const { t } = useTranslation();
  const sent = useCommandSent(simNo);
  const [form, setForm] = useState<WifiForm>({
    ssid: entry.wifiName,
    password: entry.wifiPass,
    confirm: entry.wifiPass,
  });
  const [errors, setErrors] = useState<WifiFormErrors>({});
  const open = entry.wifiEncrypt === 0;
  const change = (field: keyof WifiForm) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const help = (field: keyof WifiForm) => {
    const key = errors[field];
    return key ? (
      <span className="iot-device-error" role="alert" data-testid={`wifi-form-error-${field}`}>
        {t(`iotDevice.form.${key}`)}
      </span>
    ) : undefined;
  };

  // A refusal is told by the request wrapper.
  const saving = useAction(
    () => setWifiSsidPwd({ wifiType: entry.wifiType, ssid: form.ssid, password: form.password }),
    {
      loading: true,
      onSuccess: (task) => {
        sent(task, [`wifi${entry.wifiType}`]);
        goBack();
      },
    },
  );

  const onSave = async () => {
    const found = checkWifiForm(form, entry.wifiEncrypt);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const ok = await Dialog.confirm({
      title: t('iotDevice.wifi.confirmTitle'),
      content: t('iotDevice.form.saveConfirm'),
      confirmText: t('iotDevice.form.save'),
      cancelText: t('common.cancel'),
    });
    if (ok) await saving.run();
  };

  return (
    <Form
      layout="vertical"
      mode="card"
      footer={
        <Button block color="primary" size="large" onClick={() => void onSave()} data-testid="wifi-form-save">
          {t('iotDevice.form.save')}
        </Button>
      }
      data-testid="wifi-form"
    >
      <Form.Header>{t(`iotDevice.form.title${entry.wifiType}`)}</Form.Header>
      <Form.Item label={t('iotDevice.form.name')} description={help('ssid')}>
        <Input
          value={form.ssid}
          onChange={change('ssid')}
          placeholder={t('iotDevice.form.namePlaceholder')}
          maxLength={32}
          clearable
          data-testid="wifi-form-ssid"
        />
      </Form.Item>
      <Form.Item label={t('iotDevice.form.password')} description={help('password')}>
        <PasswordInput
          value={form.password}
          onChange={change('password')}
          placeholder={open ? t('iotDevice.form.openPlaceholder') : t('iotDevice.form.passwordPlaceholder')}
          maxLength={63}
          clearable
          aria-label={t('iotDevice.form.password')}
          data-testid="wifi-form-password"
        />
      </Form.Item>
      <Form.Item label={t('iotDevice.form.confirm')} description={help('confirm')}>
        <PasswordInput
          value={form.confirm}
          onChange={change('confirm')}
          placeholder={t('iotDevice.form.confirmPlaceholder')}
          maxLength={63}
          clearable
          aria-label={t('iotDevice.form.confirm')}
          data-testid="wifi-form-confirm"
        />
      </Form.Item>
    </Form>
  );
}

function NoEntry() {
  const { t } = useTranslation();
  return (
    <ErrorBlock
      status="empty"
      title={t('iotDevice.form.noEntry')}
      description={t('iotDevice.form.noEntryHint')}
      data-testid="wifi-form-none"
    />
  );
}

function entryOf(device: DeviceInfo, wifiType: string): WifiEntry | undefined {
  return wifiEntries(device).find((e) => String(e.wifiType) === wifiType);
}

function SetSsidPwdView({ simNo }: { simNo: string }) {
  const query = usePageQuery();
  const info = useSimInfo(simNo);
  const sim = info.data && info.data.simNo === simNo ? info.data : undefined;
  const wifiType = query.wifiType === '2' ? '2' : '1';
  const entry = sim?.device ? entryOf(sim.device, wifiType) : undefined;
  return (
    <div className="iot-device iot-page" data-testid="set-ssid-pwd">
      <PageState
        loading={!sim && info.isPending}
        error={!sim && info.isError ? info.error : undefined}
        onRetry={() => void info.refetch()}
      >
        {sim ? (
          sim.sourceType !== 2 || !sim.device ? (
            <NotADevice />
          ) : entry ? (
            <WifiFormView simNo={simNo} entry={entry} />
          ) : (
            <NoEntry />
          )
        ) : null}
      </PageState>
    </div>
  );
}

export function SetSsidPwdPage() {
  return <IotGuard>{(simNo) => <SetSsidPwdView key={simNo} simNo={simNo} />}</IotGuard>;
}
