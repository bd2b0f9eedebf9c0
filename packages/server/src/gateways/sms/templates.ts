/** Which SMS_TEMPLATES entry a message uses. */
import { SMS_PURPOSES, type SmsPurpose } from './sms-gateway.js';

/** A code's scene is its purpose; `alert` is for notices only, and an unknown scene has none. */
export function purposeOfScene(scene: string): SmsPurpose | undefined {
  return SMS_PURPOSES.find((purpose) => purpose === scene && purpose !== 'alert');
}
