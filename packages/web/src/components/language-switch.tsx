/**
 * The language switch (我的 of the shop and of the card, the card login): the five locales by their own
 * names, the current one marked. A choice takes effect at once (every mounted text re-renders in it; no
 * reload; only the new locale's catalogue is fetched, once) and is remembered for the next visit (`setLocale`).
 */
import { List } from 'antd-mobile';
import { CheckOutline, GlobalOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { LANGUAGE_NAMES, LOCALES, type Locale, matchLocale, setLocale } from '../i18n';
import { useTranslation } from '../i18n/react';
import { showToast } from '../platform/feedback';
import { LazyPopup } from './lazy-popup';
import './language-switch.css';

/** A locale's name in its own language (简体中文, English, Français…). */
export function localeName(locale: Locale): string {
  return LANGUAGE_NAMES[locale];
}

export function LanguageSwitch({ variant = 'list' }: { variant?: 'list' | 'button' }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = (LOCALES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Locale)
    : matchLocale(i18n.language);
  const choose = (locale: Locale) => {
    setOpen(false);
    // The new locale's catalogue loads first; offline, the language stays and the shopper is told.
    if (locale !== current) setLocale(locale).catch(() => showToast(t('errors.network')));
  };
  return (
    <>
      {variant === 'list' ? (
        <List mode="card" className="language-switch">
          <List.Item
            prefix={<GlobalOutline aria-hidden />}
            extra={<span lang={current}>{localeName(current)}</span>}
            onClick={() => setOpen(true)}
            arrow
            data-testid="language-switch"
            data-locale={current}
          >
            {t('lang.title')}
          </List.Item>
        </List>
      ) : (
        <button
          type="button"
          className="language-switch__button"
          onClick={() => setOpen(true)}
          aria-label={`${t('lang.title')}: ${localeName(current)}`}
          aria-haspopup="dialog"
          data-testid="language-switch"
          data-locale={current}
        >
          <GlobalOutline aria-hidden />
          <span lang={current}>{localeName(current)}</span>
        </button>
      )}
      <LazyPopup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        showCloseButton
        bodyClassName="language-switch__sheet"
      >
        <List header={t('lang.choose')} data-testid="language-options">
          {LOCALES.map((locale) => (
            <List.Item
              key={locale}
              onClick={() => choose(locale)}
              extra={locale === current ? <CheckOutline className="language-switch__check" aria-hidden /> : null}
              aria-current={locale === current ? 'true' : undefined}
              data-testid={`language-option-${locale}`}
              data-current={locale === current ? '1' : '0'}
            >
              <span lang={locale}>{localeName(locale)}</span>
            </List.Item>
          ))}
        </List>
      </LazyPopup>
    </>
  );
}
