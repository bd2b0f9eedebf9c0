/**
 * 获取验证码: checks the mobile first (the caller's check), sends the code, then counts down 60 s (or the
 * server's resendIn) during which the button is disabled. A refused send (rate limit, bad number) is
 * told by the request wrapper and does not start the countdown.
 */
import { Button } from 'antd-mobile';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { useAction } from '../../../platform/use-action';
import { type ShopCodeScene, sendShopCode } from '../api/send-shop-code';
import { useCountdown } from '../countdown';
import '../../order/i18n';

/** SCREENS §1: the resend countdown of SMS codes. */
export const SMS_RESEND_SECONDS = 60;

export interface CodeButtonProps<Sent extends { resendIn: number }> {
  /** Resolves to the mobile to send to, or null when it is not valid (the caller says why). */
  getMobile: () => string | null | Promise<string | null>;
  /** Sends the code to the checked mobile. */
  sendCode: (mobile: string) => Promise<Sent>;
  /** The toast after a send, and the button's label idle and counting down. */
  sentText: (sent: Sent) => string;
  sendLabel: string;
  resendLabel: (seconds: number) => string;
  testId: string;
}

export function CodeButton<Sent extends { resendIn: number }>({
  getMobile,
  sendCode,
  sentText,
  sendLabel,
  resendLabel,
  testId,
}: CodeButtonProps<Sent>) {
  const { seconds, running, start } = useCountdown();
  // A refusal is told by the request wrapper.
  const sending = useAction(sendCode, {
    onSuccess: (sent) => {
      start(sent.resendIn > 0 ? sent.resendIn : SMS_RESEND_SECONDS);
      showToast(sentText(sent), { icon: 'success' });
    },
  });

  const send = async () => {
    if (running || sending.busy) return;
    const mobile = await getMobile();
    if (mobile) await sending.run(mobile);
  };

  return (
    <Button
      size="mini"
      color="primary"
      fill="outline"
      disabled={running}
      loading={sending.busy}
      onClick={() => void send()}
      data-testid={testId}
      data-countdown={seconds}
    >
      {running ? resendLabel(seconds) : sendLabel}
    </Button>
  );
}

export interface SendCodeButtonProps {
  scene: ShopCodeScene;
  /** Resolves to the mobile to send to, or null when it is not valid (the caller says why). */
  getMobile: () => string | null | Promise<string | null>;
  testId?: string;
}

/** The shop's code button (login and order scenes). */
export function SendCodeButton({ scene, getMobile, testId = 'send-code' }: SendCodeButtonProps) {
  const { t } = useTranslation();
  return (
    <CodeButton
      getMobile={getMobile}
      sendCode={(mobile) => sendShopCode(mobile, scene)}
      sentText={() => t('order.sms.sent')}
      sendLabel={t('order.sms.send')}
      resendLabel={(seconds) => t('order.sms.resend', { seconds })}
      testId={testId}
    />
  );
}
