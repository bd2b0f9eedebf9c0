/**
 * 获取验证码 for a card scene (POST /api/sms/send {scene, mobile}): the caller checks the mobile first;
 * the countdown and refusal handling are the shop's (features/sms).
 */
import { useTranslation } from '../../../i18n/react';
import { sendSimCode } from '../../iot-core/api/send-sim-code';
import { CodeButton } from '../../sms/components/send-code-button';
import '../i18n';

export interface SimCodeButtonProps {
  scene: 'bindMobile' | 'payPassword';
  /** The mobile to send to, or null when it is not valid (the caller said why). */
  getMobile: () => string | null;
  testId?: string;
}

export function SimCodeButton({ scene, getMobile, testId = 'sim-send-code' }: SimCodeButtonProps) {
  const { t } = useTranslation();
  return (
    <CodeButton
      getMobile={getMobile}
      sendCode={(mobile) => sendSimCode(scene, mobile)}
      sentText={(sent) => t('iotRealname.bind.codeSent', { mobile: sent.maskedMobile })}
      sendLabel={t('iotRealname.bind.send')}
      resendLabel={(seconds) => t('iotRealname.bind.resend', { seconds })}
      testId={testId}
    />
  );
}
