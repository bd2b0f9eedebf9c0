/** The built-in conversion gateway: reaches nothing remote, only logs what a real adapter would send. */
import type { ConversionEvent, ConversionGateway } from './conversion-gateway.js';

export interface DebugLogger {
  debug(obj: object, msg?: string): void;
}

export function createConversionSimulator(log: DebugLogger): ConversionGateway {
  return {
    async report(event: ConversionEvent) {
      log.debug({ conversion: event }, 'conversion simulator: event not sent anywhere');
    },
  };
}
