/** Names for assistive technology where a control or image has no visible text of its own (WCAG 1.1.1, 4.1.2). */
import { defineSection } from '../define-section';

export const a11y = defineSection({
  'zh-Hans': {
    close: '关闭',
    banner: '横幅 {{index}}/{{count}}',
  },
  'zh-Hant': {
    close: '關閉',
    banner: '橫幅 {{index}}/{{count}}',
  },
  en: {
    close: 'Close',
    banner: 'Banner {{index}} of {{count}}',
  },
  fr: {
    close: 'Fermer',
    banner: 'Bannière {{index}} sur {{count}}',
  },
  es: {
    close: 'Cerrar',
    banner: 'Banner {{index}} de {{count}}',
  },
});
