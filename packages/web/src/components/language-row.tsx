/** The language switch as a row of 我的 (the shop's and the card's): see components/language-switch.tsx. */
import { List } from 'antd-mobile';
import { GlobalOutline } from 'antd-mobile-icons';
import { useTranslation } from '../i18n/react';
import { localeName, useLanguageChoice } from './language-switch';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const { current, open, sheet } = useLanguageChoice();
  return (
    <>
      <List mode="card" className="language-switch">
        <List.Item
          prefix={<GlobalOutline aria-hidden />}
          extra={<span lang={current}>{localeName(current)}</span>}
          onClick={open}
          arrow
          data-testid="language-switch"
          data-locale={current}
        >
          {t('lang.title')}
        </List.Item>
      </List>
      {sheet}
    </>
  );
}
