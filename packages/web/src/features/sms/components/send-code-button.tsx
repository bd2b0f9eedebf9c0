/**
 * 获取验证码: checks the mobile first (the caller's check), sends the code for the scene, then counts down
 * 60 s (or the server's resendIn) during which the button is disabled. A refused send (rate limit,
 * bad number) is told by the request wrapper and does not start the countdown.
 */
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../platform/feedback';
import { type ShopCodeScene, sendShopCode } from '../api/send-shop-code';
import { useCountdown } from '../countdown';

/** SCREENS §1: the resend countdown of shop SMS codes. */
export const SMS_RESEND_SECONDS = 60;

export interface SendCodeButtonProps {
  scene: ShopCodeScene;
  /** Resolves to the mobile to send to, or null when it is not valid (the caller says why). */
  getMobile: () => string | null | Promise<string | null>;
  testId?: string;
}

export function SendCodeButton({ scene, getMobile, testId = 'send-code' }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const { seconds, running, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (running || sending) return;
    const mobile = await getMobile();
    if (!mobile) return;
    setSending(true);
    try {
      const sent = await sendShopCode(mobile, scene);
      start(sent.resendIn > 0 ? sent.resendIn : SMS_RESEND_SECONDS);
      showToast(t('order.sms.sent'), { icon: 'success' });
    } catch {
      // the request wrapper told the shopper why
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      size="mini"
      color="primary"
      fill="outline"
      disabled={running}
      loading={sending}
      onClick={() => void send()}
      data-testid={testId}
      data-countdown={seconds}
    >
      {running ? t('order.sms.resend', { seconds }) : t('order.sms.send')}
    </Button>
  );
}
