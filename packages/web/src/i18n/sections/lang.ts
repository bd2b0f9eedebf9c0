/** The language switch (我的 of the shop and of the card, the card login). The languages are listed by their own names. */
import { defineSection } from '../define-section';

export const lang = defineSection({
  'zh-Hans': { title: '语言', choose: '选择语言' },
  'zh-Hant': { title: '語言', choose: '選擇語言' },
  en: { title: 'Language', choose: 'Choose a language' },
  fr: { title: 'Langue', choose: 'Choisir la langue' },
  es: { title: 'Idioma', choose: 'Elegir idioma' },
});
