/**
 * 客服二维码 (SCREENS §1 customer/code): the service QR (front.kefuQr) large with 长按识别二维码添加客服, the
 * official-account QR when set, and 复制客服电话. No call besides the stored base config.
 */
import { Button } from 'antd-mobile';
import { ErrorBlock } from '../../../components/error-block';
import { useTranslation } from '../../../i18n/react';
import { copyText } from '../../../platform/clipboard';
import { useBaseConfig } from '../../site/api/get-base-config';
import { saveImage, useLongPress } from '../long-press';
import './customer.css';
import '../i18n';

function QrImage({ src, hint, testId }: { src: string; hint: string; testId: string }) {
  const press = useLongPress(() => saveImage(src));
  return (
    <figure className="customer-qr" data-testid={testId}>
      <img className="customer-qr__image" src={src} alt={hint} {...press} />
      <figcaption className="customer-qr__hint">{hint}</figcaption>
    </figure>
  );
}

export function ServiceCode() {
  const { t } = useTranslation();
  const config = useBaseConfig();
  const front = config.data?.front;
  const kefuMobile = front?.kefuMobile ?? '';
  const copyButton = kefuMobile ? (
    <Button color="primary" fill="outline" onClick={() => void copyText(kefuMobile)} data-testid="customer-copy-mobile">
      {t('customer.copyMobile')}
    </Button>
  ) : null;

  if (!front?.kefuQr) {
    return (
      <div className="page-state" data-testid="customer-code-empty">
        <ErrorBlock status="empty" title={t('customer.notConfigured')} description="">
          {copyButton}
        </ErrorBlock>
      </div>
    );
  }
  return (
    <div className="customer-code" data-testid="customer-code">
      <QrImage src={front.kefuQr} hint={t('customer.qrHint')} testId="customer-kefu-qr" />
      {front.followQr ? (
        <section className="customer-code__follow">
          <h2 className="customer-code__title">{t('customer.followTitle')}</h2>
          <QrImage src={front.followQr} hint={t('customer.followHint')} testId="customer-follow-qr" />
        </section>
      ) : null}
      {copyButton ? <div className="customer-code__copy">{copyButton}</div> : null}
    </div>
  );
}
