/**
 * The language switch's sheet: the five locales by their own names, the current one marked. Its own file,
 * downloaded on the first opening with antd-mobile's Popup and List beside it (components/language-switch.tsx).
 */
import { List, Popup } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '../i18n';
import { useTranslation } from '../i18n/react';

export interface LanguageSheetProps {
  visible: boolean;
  current: Locale;
  onChoose: (locale: Locale) => void;
  onClose: () => void;
}

export function LanguageSheet({ visible, current, onChoose, onClose }: LanguageSheetProps) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      bodyClassName="language-switch__sheet"
    >
      <List header={t('lang.choose')} data-testid="language-options">
        {LOCALES.map((locale) => (
          <List.Item
            key={locale}
            onClick={() => onChoose(locale)}
            extra={locale === current ? <CheckOutline className="language-switch__check" aria-hidden /> : null}
            aria-current={locale === current ? 'true' : undefined}
            data-testid={`language-option-${locale}`}
            data-current={locale === current ? '1' : '0'}
          >
            <span lang={locale}>{LANGUAGE_NAMES[locale]}</span>
          </List.Item>
        ))}
      </List>
    </Popup>
  );
}
