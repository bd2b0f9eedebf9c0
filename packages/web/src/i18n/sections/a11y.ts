/** Names for assistive technology where a control or image has no visible text of its own (WCAG 1.1.1, 4.1.2). */
import { defineSection } from '../define-section';

export const a11y = defineSection({
  'zh-Hans': {
    banner: '横幅 {{index}}/{{count}}',
  },
  'zh-Hant': {
    banner: '橫幅 {{index}}/{{count}}',
  },
  en: {
    banner: 'Banner {{index}} of {{count}}',
  },
  fr: {
    banner: 'Bannière {{index}} sur {{count}}',
  },
  es: {
    banner: 'Banner {{index}} de {{count}}',
  },
});
