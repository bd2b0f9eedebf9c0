/** Strings of the prompt shown when a new version of the shop has installed while a page runs the old one. */
import { defineSection } from '../define-section';

export const newVersion = defineSection({
  'zh-Hans': {
    available: '新版本已就绪',
    reload: '刷新',
  },
  'zh-Hant': {
    available: '新版本已就緒',
    reload: '重新整理',
  },
  en: {
    available: 'A new version is available',
    reload: 'Reload',
  },
  fr: {
    available: 'Une nouvelle version est disponible',
    reload: 'Recharger',
  },
  es: {
    available: 'Hay una nueva versión disponible',
    reload: 'Recargar',
  },
});
