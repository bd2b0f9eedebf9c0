/** Strings of the in-app web view page. */
import { defineSection } from '../define-section';

export const webview = defineSection({
  'zh-Hans': {
    invalid: '链接无效',
    invalidHint: '该链接无法打开',
    openInBrowser: '在浏览器中打开',
    slowHint: '页面无法显示？请在浏览器中打开',
  },
  'zh-Hant': {
    invalid: '連結無效',
    invalidHint: '該連結無法開啟',
    openInBrowser: '在瀏覽器中開啟',
    slowHint: '頁面無法顯示？請在瀏覽器中開啟',
  },
  en: {
    invalid: 'Invalid link',
    invalidHint: 'This link cannot be opened',
    openInBrowser: 'Open in browser',
    slowHint: 'Page not showing? Open it in the browser',
  },
  fr: {
    invalid: 'Lien invalide',
    invalidHint: 'Ce lien ne peut pas être ouvert',
    openInBrowser: 'Ouvrir dans le navigateur',
    slowHint: "La page ne s'affiche pas ? Ouvrez-la dans le navigateur",
  },
  es: {
    invalid: 'Enlace no válido',
    invalidHint: 'No se puede abrir este enlace',
    openInBrowser: 'Abrir en el navegador',
    slowHint: '¿No se muestra la página? Ábrela en el navegador',
  },
});
