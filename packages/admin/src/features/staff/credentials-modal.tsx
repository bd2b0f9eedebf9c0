/** A new or reset staff member's one-time credentials, shown once: password, TOTP secret, otpauth URI and its QR code. */
import type { StaffCredentials } from '@haoka/contract';
import { Alert, Descriptions, Modal, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function CredentialsModal({ credentials, onClose }: { credentials: StaffCredentials; onClose: () => void }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(credentials.totpUri, { margin: 1, width: 200 })
      .then((url) => live && setQr(url))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [credentials.totpUri]);
  return (
    <Modal
      open
      title={t('staff.credentialsTitle', { username: credentials.username })}
      onCancel={onClose}
      onOk={onClose}
      okText={t('common.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={560}
    >
      <Alert type="warning" showIcon title={t('staff.credentialsHint')} style={{ marginBottom: 16 }} />
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('staff.oneTimePassword')}>
          <Typography.Text copyable code data-testid="one-time-password">
            {credentials.password}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('staff.totpSecret')}>
          <Typography.Text copyable code data-testid="totp-secret">
            {credentials.totpSecret}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('staff.totpUri')}>
          <Typography.Text copyable style={{ wordBreak: 'break-all' }} data-testid="totp-uri">
            {credentials.totpUri}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {qr && (
        <img
          src={qr}
          alt={t('staff.qrAlt')}
          width={200}
          height={200}
          style={{ display: 'block', margin: '16px auto 0' }}
        />
      )}
    </Modal>
  );
}
