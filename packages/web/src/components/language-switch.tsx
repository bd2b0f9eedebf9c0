/**
 * The language switch: a button (the card login) or, as `LanguageSwitch` in components/language-row.tsx, a
 * row of 我的 (the shop's and the card's), opening a sheet of the five locales by their own names, the
 * current one marked. A choice takes effect at once (every mounted text re-renders in it; no reload; only
 * the new locale's catalogue is fetched, once) and is remembered for the next visit (`setLocale`). The
 * sheet (components/language-sheet.tsx) downloads on the first opening.
 */
import { GlobalOutline } from 'antd-mobile-icons';
import { lazy, type ReactNode, useState } from 'react';
import { LANGUAGE_NAMES, LOCALES, type Locale, matchLocale, setLocale, withTexts } from '../i18n';
import { useTranslation } from '../i18n/react';
import { showToast } from '../platform/feedback';
import './language-switch.css';
import { whenOpened } from './when-opened';

const LanguageSheet = whenOpened(
  lazy(() => withTexts(import('./language-sheet')).then((m) => ({ default: m.LanguageSheet }))),
);

/** A locale's name in its own language (简体中文, English, Français…). */
export function localeName(locale: Locale): string {
  return LANGUAGE_NAMES[locale];
}

/** The active locale, a way to open the sheet, and the sheet (rendered from its first opening on). */
export function useLanguageChoice(): { current: Locale; open: () => void; sheet: ReactNode } {
  const { t, i18n } = useTranslation();
  const [visible, setVisible] = useState(false);
  const current = (LOCALES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Locale)
    : matchLocale(i18n.language);
  const choose = (locale: Locale) => {
    setVisible(false);
    // The new locale's catalogue loads first; offline, the language stays and the shopper is told.
    if (locale !== current) setLocale(locale).catch(() => showToast(t('errors.network')));
  };
  const sheet = (
    <LanguageSheet visible={visible} current={current} onChoose={choose} onClose={() => setVisible(false)} />
  );
  return { current, open: () => setVisible(true), sheet };
}

/** The switch as a button with the current language's name. */
export function LanguageButton() {
  const { t } = useTranslation();
  const { current, open, sheet } = useLanguageChoice();
  return (
    <>
      <button
        type="button"
        className="language-switch__button"
        onClick={open}
        aria-label={`${t('lang.title')}: ${localeName(current)}`}
        aria-haspopup="dialog"
        data-testid="language-switch"
        data-locale={current}
      >
        <GlobalOutline aria-hidden />
        <span lang={current}>{localeName(current)}</span>
      </button>
      {sheet}
    </>
  );
}
