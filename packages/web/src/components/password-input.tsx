/**
 * A password input, masked until its eye button shows it (Wi-Fi passwords: the Wi-Fi code form and the
 * device's name/password form). The button is a real button with a localized name and `aria-pressed`.
 * `data-testid` names the input's box; the button is `<testid>-toggle`.
 */
import { Input, type InputProps } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../i18n/react';
import './password-input.css';

export type PasswordInputProps = Omit<InputProps, 'type'> & { 'data-testid'?: string };

export function PasswordInput({ 'data-testid': testId, ...props }: PasswordInputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <div className="password-input">
      <Input autoComplete="off" {...props} type={shown ? 'text' : 'password'} data-testid={testId} />
      <button
        type="button"
        className="password-input__toggle"
        aria-label={shown ? t('ui.password.hide') : t('ui.password.show')}
        aria-pressed={shown}
        onClick={() => setShown((v) => !v)}
        data-testid={testId ? `${testId}-toggle` : undefined}
      >
        {shown ? <EyeOutline aria-hidden /> : <EyeInvisibleOutline aria-hidden />}
      </button>
    </div>
  );
}
