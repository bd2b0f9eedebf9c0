/**
 * SMS (ARCHITECTURE.md "External systems"): an external system reached only through this interface.
 * The outbox gateway stands in for a provider until a real adapter is configured with SMS_GATEWAY.
 */

/** The gateways SMS_GATEWAY may name; a provider adapter adds its name here. */
export const SMS_GATEWAY_KINDS = ['outbox'] as const;
export type SmsGatewayKind = (typeof SMS_GATEWAY_KINDS)[number];

export interface SmsGateway {
  /** The configured kind ('outbox' for the built-in one). */
  readonly name: string;
  /** Sends one verification code; rejects when the provider refused or could not be reached. */
  send(mobile: string, scene: string, code: string): Promise<void>;
  /** Sends one notice by template (e.g. `renewFailed`); rejects when the provider refused. */
  notify(mobile: string, template: string, params: Record<string, string>): Promise<void>;
}
