/** Strings of the landing (selected picks) pages. */
import { defineSection } from '../define-section';

export const single = defineSection({
  'zh-Hans': {
    cta: '立即办理',
    popupOk: '我知道了',
    popupNever: '不再提示',
  },
  'zh-Hant': {
    cta: '立即辦理',
    popupOk: '我知道了',
    popupNever: '不再提示',
  },
  en: {
    cta: 'Apply now',
    popupOk: 'Got it',
    popupNever: "Don't show again",
  },
  fr: {
    cta: 'Souscrire',
    popupOk: "J'ai compris",
    popupNever: 'Ne plus afficher',
  },
  es: {
    cta: 'Solicitar ahora',
    popupOk: 'Entendido',
    popupNever: 'No volver a mostrar',
  },
});
