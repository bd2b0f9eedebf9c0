/**
 * Short vibration (SPEC §9: 15 ms). Where the browser has no vibration (iOS Safari, most desktop browsers)
 * it rejects like the runtime does for an API the platform lacks: "method 'uni.vibrateShort' not supported".
 */
import { notSupported } from './runtime-errors';
import { VIBRATE_SHORT_MS } from './ui-defaults';

export function vibrateShort(): Promise<void> {
  if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') {
    return Promise.reject(notSupported('vibrateShort'));
  }
  navigator.vibrate(VIBRATE_SHORT_MS);
  return Promise.resolve();
}
