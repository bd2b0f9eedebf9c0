/**
 * WiFi码 (SCREENS §4 wifi/index): the form — WiFi名称 (1–32 bytes), 密码 (8–63, hidden for 无密码) and
 * 加密方式 (WPA/WPA2 by default, WEP, 无密码). 生成 checks like the server, makes the code
 * (POST /api/site/wifiCreate), keeps it in "my codes" (the `cache` store, last 10) and opens its poster.
 * Below: my codes, each resolved to its network name (a withdrawn one shows 已失效).
 */
import type { wifiApi } from '@haoka/contract';
import { Button, DotLoading, Form, Input, List, Selector } from 'antd-mobile';
import { useState } from 'react';
import { PageState } from '../../../components/page-state';
import { PasswordInput } from '../../../components/password-input';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { navigateTo } from '../../../platform/navigation';
import { useAction } from '../../../platform/use-action';
import { useCacheStore } from '../../../stores/cache';
import { createWifiCode } from '../api/create-wifi-code';
import { isGone, useWifiCodes } from '../api/get-wifi-code';
import { checkWifiForm, WIFI_SHARE_PATH, withCode } from '../wifi-rules';
import '../wifi.css';
import '../i18n';

const ENCRYPTS: wifiApi.WifiEncrypt[] = ['WPA', 'WEP', 'nopass'];

function MyCodes() {
  const { t } = useTranslation();
  const codes = useCacheStore((s) => s.wifiCodes);
  const queries = useWifiCodes(codes);
  return (
    <section data-testid="wifi-my-codes">
      {codes.length === 0 ? (
        <PageState loading={false} empty emptyText={t('wifi.mine.empty')} />
      ) : (
        <List mode="card" header={t('wifi.mine.title')}>
          {codes.map((code, i) => {
            const query = queries[i];
            const gone = query?.isError && isGone(query.error);
            const extra = query?.isPending ? (
              <DotLoading color="primary" />
            ) : query?.isError ? (
              <span className="wifi-muted">{gone ? t('wifi.mine.invalid') : t('wifi.mine.loadFailed')}</span>
            ) : null;
            return (
              <List.Item
                key={code}
                data-testid="wifi-my-code"
                data-code={code}
                description={code}
                extra={extra}
                onClick={() => (query?.isError && !gone ? void query.refetch() : navigateTo(WIFI_SHARE_PATH, { code }))}
              >
                <span className="wifi-name">{query?.data?.ssid ?? ''}</span>
              </List.Item>
            );
          })}
        </List>
      )}
    </section>
  );
}

export function WifiCreate() {
  const { t } = useTranslation();
  const [ssid, setSsid] = useState('');
  const [password, setPassword] = useState('');
  const [encrypt, setEncrypt] = useState<wifiApi.WifiEncrypt>('WPA');
  // A refusal (validation, 40001, too frequent) is told by the request wrapper.
  const creating = useAction(() => createWifiCode({ ssid, encrypt, ...(encrypt === 'nopass' ? {} : { password }) }), {
    loading: true,
    onSuccess: (made) => {
      const { wifiCodes, patchCache } = useCacheStore.getState();
      patchCache({ wifiCodes: withCode(wifiCodes, made.code) });
      navigateTo(WIFI_SHARE_PATH, { code: made.code });
    },
  });
  const busy = creating.busy;

  const submit = async () => {
    if (busy) return;
    const problem = checkWifiForm({ ssid, password, encrypt });
    if (problem) {
      showToast(t(`wifi.form.problems.${problem}`));
      return;
    }
    await creating.run();
  };

  return (
    <div className="wifi-page" data-testid="wifi-index">
      <p className="wifi-hint">{t('wifi.form.hint')}</p>
      <Form layout="horizontal" mode="card">
        <Form.Header>{t('wifi.form.title')}</Form.Header>
        <Form.Item label={t('wifi.form.ssid')}>
          <Input
            value={ssid}
            onChange={setSsid}
            maxLength={32}
            clearable
            placeholder={t('wifi.form.ssidPlaceholder')}
            aria-label={t('wifi.form.ssid')}
            data-testid="wifi-ssid"
          />
        </Form.Item>
        <Form.Item label={t('wifi.form.encrypt')} layout="vertical">
          <Selector
            className="wifi-encrypts"
            value={[encrypt]}
            onChange={(v) => v[0] && setEncrypt(v[0])}
            options={ENCRYPTS.map((value) => ({ value, label: t(`wifi.form.encrypts.${value}`) }))}
            data-testid="wifi-encrypt"
          />
        </Form.Item>
        {encrypt === 'nopass' ? null : (
          <Form.Item label={t('wifi.form.password')}>
            <PasswordInput
              value={password}
              onChange={setPassword}
              maxLength={63}
              clearable
              placeholder={t('wifi.form.passwordPlaceholder')}
              aria-label={t('wifi.form.password')}
              data-testid="wifi-password"
            />
          </Form.Item>
        )}
      </Form>
      <div className="wifi-actions">
        <Button
          block
          color="primary"
          size="large"
          loading={busy}
          onClick={() => void submit()}
          data-testid="wifi-submit"
        >
          {t('wifi.form.submit')}
        </Button>
      </div>
      <MyCodes />
    </div>
  );
}
