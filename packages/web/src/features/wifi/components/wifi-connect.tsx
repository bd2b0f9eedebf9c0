/**
 * 连接WiFi (SCREENS §4 wifi/connect), opened from a shared code: the WiFi name, the password masked with
 * a 显示 toggle and 复制密码, the steps to join by hand, and the QR (the `WIFI:` payload) for another
 * phone's camera. An open network shows 无密码 and its own steps.
 */
import { Button, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { copyText } from '../../../platform/clipboard';
import type { WifiCode } from '../api/get-wifi-code';
import { WifiCodeState } from './wifi-code-state';
import { WifiQr } from './wifi-qr';
import '../wifi.css';
import '../i18n';

function ConnectCard({ wifi }: { wifi: WifiCode }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const open = wifi.encrypt === 'nopass';
  const steps = open
    ? [
        t('wifi.connect.openSteps.openSettings'),
        t('wifi.connect.openSteps.chooseNetwork', { ssid: wifi.ssid }),
        t('wifi.connect.openSteps.join'),
      ]
    : [
        t('wifi.connect.steps.openSettings'),
        t('wifi.connect.steps.chooseNetwork', { ssid: wifi.ssid }),
        t('wifi.connect.steps.pastePassword'),
      ];
  return (
    <>
      <List mode="card">
        <List.Item
          extra={
            <span className="wifi-name" data-testid="wifi-connect-ssid">
              {wifi.ssid}
            </span>
          }
        >
          {t('wifi.connect.ssid')}
        </List.Item>
        <List.Item
          extra={
            open ? (
              <span data-testid="wifi-connect-password">{t('wifi.connect.noPassword')}</span>
            ) : (
              <span>
                <span className="wifi-password" data-testid="wifi-connect-password">
                  {shown ? wifi.password : '•'.repeat(Math.min(wifi.password.length, 12))}
                </span>{' '}
                <Button
                  size="mini"
                  fill="none"
                  color="primary"
                  onClick={() => setShown((v) => !v)}
                  data-testid="wifi-toggle-password"
                >
                  {shown ? t('wifi.connect.hide') : t('wifi.connect.show')}
                </Button>
              </span>
            )
          }
        >
          {t('wifi.connect.password')}
        </List.Item>
      </List>
      {open ? null : (
        <div className="wifi-actions">
          <Button
            block
            color="primary"
            size="large"
            onClick={() => void copyText(wifi.password)}
            data-testid="wifi-copy-password"
          >
            {t('wifi.connect.copyPassword')}
          </Button>
        </div>
      )}
      <section className="wifi-card" data-testid="wifi-connect-steps">
        <h4>{t('wifi.connect.stepsTitle')}</h4>
        <ol className="wifi-steps">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <section className="wifi-card">
        <WifiQr text={wifi.qrUrl} label={wifi.ssid} />
        <p className="wifi-muted">{t('wifi.connect.scanTip')}</p>
      </section>
    </>
  );
}

export function WifiConnect({ code }: { code: string }) {
  return (
    <div className="wifi-page" data-testid="wifi-connect">
      <WifiCodeState code={code}>{(wifi) => <ConnectCard wifi={wifi} />}</WifiCodeState>
    </div>
  );
}
