/** Copy to the clipboard, with the SPEC §8 success and failure toasts. */
import i18next from '../i18n/translator';
import { showToast } from './feedback';

function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export async function copyText(text: string): Promise<boolean> {
  let ok = false;
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      ok = true;
    } else {
      ok = legacyCopy(text);
    }
  } catch {
    ok = legacyCopy(text);
  }
  showToast(i18next.t(ok ? 'clipboard.copied' : 'clipboard.failed'), { icon: ok ? 'success' : 'fail' });
  return ok;
}
