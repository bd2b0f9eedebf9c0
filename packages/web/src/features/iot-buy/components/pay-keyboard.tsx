/**
 * 支付密码键盘 (SCREENS §3 payPassword/keyboard): six boxes, a fixed (never shuffled) 3×4 digit pad with
 * delete, the amount, an inline error from the caller (41001: tries left or locked) and 忘记密码. The sixth
 * digit submits by itself. Used inline by 支付密码 and as a bottom popup by 套餐订单; the direct route has no
 * opener to answer to, so it says 请从支付页面进入 and goes back after 1.5 s.
 */
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { formatYuan } from '../../../components/money';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { goBack } from '../../../platform/navigation';
import { IotGuard } from '../../iot-core/components/iot-guard';
import './pay-keyboard.css';
import '../i18n';

export const PAY_PASSWORD_LENGTH = 6;
/** How long the direct route shows its notice before going back. */
export const KEYBOARD_PAGE_BACK_MS = 1500;

const PAD: readonly (string | null)[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', null, '0', 'del'];

export interface PayKeyboardProps {
  /** Defaults to 请输入支付密码. */
  title?: string;
  /** Yuan string shown under the title (the amount to pay). */
  amount?: string | null;
  /** Inline error from the caller (wrong password, locked, too simple, mismatch). */
  error?: string | null;
  /** A hint under the boxes when there is no error. */
  hint?: string | null;
  /** Every change clears the boxes and shakes them (a refused password). */
  resetKey?: number;
  /** No input at all (locked). */
  disabled?: boolean;
  /** Input ignored while the caller checks the password. */
  busy?: boolean;
  onComplete: (password: string) => void;
  /** Shows 忘记密码 when given. */
  onForgot?: () => void;
  testId?: string;
}

export function PayKeyboard({
  title,
  amount,
  error,
  hint,
  resetKey = 0,
  disabled = false,
  busy = false,
  onComplete,
  onForgot,
  testId = 'pay-keyboard',
}: PayKeyboardProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [shaking, setShaking] = useState(false);
  // A new resetKey clears the boxes and shakes them, in the same render that shows the caller's error.
  const [seenReset, setSeenReset] = useState(resetKey);
  if (seenReset !== resetKey) {
    setSeenReset(resetKey);
    setValue('');
    setShaking(true);
  }
  useEffect(() => {
    if (!shaking) return;
    const timer = setTimeout(() => setShaking(false), 500);
    return () => clearTimeout(timer);
  }, [shaking]);

  const locked = disabled || busy;
  const press = (key: string) => {
    if (locked) return;
    if (key === 'del') {
      setValue((v) => v.slice(0, -1));
      return;
    }
    if (value.length >= PAY_PASSWORD_LENGTH) return;
    const next = value + key;
    setValue(next);
    if (next.length === PAY_PASSWORD_LENGTH) onComplete(next);
  };

  // A hardware keyboard types into the pad too (desktop browsers).
  const pressRef = useRef(press);
  pressRef.current = press;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
      if (/^\d$/.test(e.key)) pressRef.current(e.key);
      else if (e.key === 'Backspace') pressRef.current('del');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="pay-kb" data-testid={testId} data-length={value.length}>
      <div className="pay-kb__title" data-testid="pay-kb-title">
        {title ?? t('iotBuy.keyboard.title')}
      </div>
      {amount ? (
        <div className="pay-kb__amount" data-testid="pay-kb-amount">
          {formatYuan(amount)}
        </div>
      ) : null}
      <div
        key={seenReset}
        className={`pay-kb__boxes${shaking ? ' pay-kb__boxes--shake' : ''}${disabled ? ' pay-kb__boxes--disabled' : ''}`}
        data-testid="pay-kb-boxes"
        data-shake={shaking ? '1' : undefined}
      >
        {Array.from({ length: PAY_PASSWORD_LENGTH }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: six fixed boxes
          <span key={i} className={`pay-kb__box${i < value.length ? ' pay-kb__box--filled' : ''}`} />
        ))}
      </div>
      <div className="pay-kb__message">
        {error ? (
          <span className="pay-kb__error" data-testid="pay-kb-error" role="alert">
            {error}
          </span>
        ) : hint ? (
          <span className="pay-kb__hint">{hint}</span>
        ) : null}
      </div>
      {onForgot ? (
        <div className="pay-kb__links">
          <button type="button" className="pay-kb__forgot" onClick={onForgot} data-testid="pay-kb-forgot">
            {t('iotBuy.keyboard.forgot')}
          </button>
        </div>
      ) : null}
      <div className="pay-kb__pad" data-testid="pay-kb-pad">
        {PAD.map((key, i) =>
          key === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the one blank cell of a fixed pad
            <span key={`blank-${i}`} className="pay-kb__key pay-kb__key--blank" />
          ) : (
            <button
              key={key}
              type="button"
              className={`pay-kb__key${key === 'del' ? ' pay-kb__key--del' : ''}`}
              disabled={locked}
              onClick={() => press(key)}
              data-testid={key === 'del' ? 'pay-kb-del' : `pay-kb-key-${key}`}
              aria-label={key === 'del' ? t('iotBuy.keyboard.delete') : key}
            >
              {key === 'del' ? '⌫' : key}
            </button>
          ),
        )}
      </div>
    </div>
  );
}

export interface PayKeyboardPopupProps extends PayKeyboardProps {
  visible: boolean;
  onClose: () => void;
}

/** The keyboard as a bottom popup with a close button (套餐订单). */
export function PayKeyboardPopup({ visible, onClose, ...keyboard }: PayKeyboardPopupProps) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      destroyOnClose
      bodyClassName="pay-kb-popup"
      data-testid="pay-kb-popup"
    >
      <button
        type="button"
        className="pay-kb-popup__close"
        onClick={onClose}
        aria-label={t('iotBuy.keyboard.close')}
        data-testid="pay-kb-close"
      >
        <CloseOutline />
      </button>
      <PayKeyboard {...keyboard} />
    </Popup>
  );
}

function KeyboardPageView() {
  const { t } = useTranslation();
  useEffect(() => {
    showToast(t('iotBuy.keyboard.fromPayOnly'));
    const timer = setTimeout(goBack, KEYBOARD_PAGE_BACK_MS);
    return () => clearTimeout(timer);
  }, [t]);
  return (
    <div className="pay-kb-page iot-page" data-testid="pay-kb-page">
      <PayKeyboard disabled hint={t('iotBuy.keyboard.fromPayOnly')} onComplete={() => undefined} />
    </div>
  );
}

/** The direct route /pages/iot/index/payPassword/keyboard. */
export function PayKeyboardPage() {
  return <IotGuard>{() => <KeyboardPageView />}</IotGuard>;
}
