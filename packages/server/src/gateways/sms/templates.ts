/** Which SMS_TEMPLATES entry a message uses. */
import { SMS_PURPOSES, type SmsPurpose } from './sms-gateway.js';

const NOTICE_PURPOSES: readonly SmsPurpose[] = ['alert', 'cardAlert'];

/** A code's scene is its purpose; the notice purposes are for notices only, and an unknown scene has none. */
export function purposeOfScene(scene: string): SmsPurpose | undefined {
  return SMS_PURPOSES.find((purpose) => purpose === scene && !NOTICE_PURPOSES.includes(purpose));
}

/** A notice's template: `cardAlert` for the card alerts, `alert` for every other notice. */
export function purposeOfNotice(notice: string): SmsPurpose {
  return notice === 'cardAlert' ? 'cardAlert' : 'alert';
}
