/**
 * 分享WiFi码 (SCREENS §4 wifi/share): the poster — the WiFi name and the QR of the standard `WIFI:`
 * payload, so a phone camera joins directly. 保存图片 downloads the poster as a PNG (also long-press the
 * QR); 复制链接 copies the connect page link (`connectUrl`) for chats, where a QR cannot be scanned.
 */
import { Button } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { copyText } from '../../../platform/clipboard';
import { showToast } from '../../../platform/feedback';
import { navigateTo } from '../../../platform/navigation';
import type { WifiCode } from '../api/get-wifi-code';
import { posterFileName, savePoster } from '../poster';
import { qrMatrix } from '../qr';
import { WIFI_CONNECT_PATH, WIFI_INDEX_PATH } from '../wifi-rules';
import { WifiCodeState } from './wifi-code-state';
import { WifiQr } from './wifi-qr';
import '../wifi.css';
import '../i18n';

function Poster({ wifi }: { wifi: WifiCode }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const matrix = useMemo(() => qrMatrix(wifi.qrUrl), [wifi.qrUrl]);
  const text = {
    title: t('wifi.share.posterTitle'),
    ssidLabel: t('wifi.share.ssidLabel', { ssid: wifi.ssid }),
    tip: t('wifi.share.posterTip'),
  };

  const save = async () => {
    setSaving(true);
    try {
      await savePoster(matrix, text, posterFileName(wifi.ssid));
      showToast(t('wifi.share.saved'), { icon: 'success' });
    } catch {
      showToast(t('wifi.share.saveFailed'), { icon: 'fail' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <section className="wifi-poster" data-testid="wifi-poster">
        <h3 className="wifi-poster__title">{text.title}</h3>
        <div className="wifi-poster__body">
          <div className="wifi-poster__ssid" data-testid="wifi-poster-ssid">
            {text.ssidLabel}
          </div>
          <WifiQr text={wifi.qrUrl} label={wifi.ssid} />
          <div className="wifi-poster__tip">{text.tip}</div>
        </div>
      </section>
      <div className="wifi-actions">
        <Button
          block
          color="primary"
          size="large"
          loading={saving}
          onClick={() => void save()}
          data-testid="wifi-save-poster"
        >
          {t('wifi.share.save')}
        </Button>
        <Button block size="large" onClick={() => void copyText(wifi.connectUrl)} data-testid="wifi-copy-link">
          {t('wifi.share.copyLink')}
        </Button>
        <Button
          block
          fill="none"
          color="primary"
          onClick={() => navigateTo(WIFI_CONNECT_PATH, { code: wifi.code })}
          data-testid="wifi-open-connect"
        >
          {t('wifi.share.openConnect')}
        </Button>
        <Button block fill="none" onClick={() => navigateTo(WIFI_INDEX_PATH)} data-testid="wifi-create-another">
          {t('wifi.share.createAnother')}
        </Button>
      </div>
    </>
  );
}

export function WifiShare({ code }: { code: string }) {
  return (
    <div className="wifi-page" data-testid="wifi-share">
      <WifiCodeState code={code}>{(wifi) => <Poster wifi={wifi} />}</WifiCodeState>
    </div>
  );
}
