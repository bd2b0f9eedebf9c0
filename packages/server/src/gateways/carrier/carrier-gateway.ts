/**
 * Carrier (ARCHITECTURE.md "External systems"): the operator / device platform behind a card, reached only
 * through this interface. The built-in simulator keeps card state in the database.
 */

/** The gateways CARRIER_GATEWAY may name; an operator platform adapter adds its name here. */
export const CARRIER_GATEWAY_KINDS = ['simulator'] as const;
export type CarrierGatewayKind = (typeof CARRIER_GATEWAY_KINDS)[number];

/** The upstream state of a card after a sync; flows in MB. */
export interface SyncedSim {
  simStatus: number;
  authStatus: number;
  authPlatformStatus: number;
  internetStatus: number;
  onlineStatus: number;
  totalFlow: number;
  useFlow: number;
  /** Usage since the previous sync, per Asia/Shanghai day ('YYYY-MM-DD'); added to the daily history. */
  usageByDay: { day: string; flowMb: number }[];
  /** Device cards: live connection count and signal. */
  device?: { connCount: number; signal: number } | undefined;
}

export interface NetSwitchTask {
  taskId: string;
  /** True when the device is offline: the switch runs when it reconnects. */
  queued: boolean;
  expectSeconds: number;
}

export interface CarrierGateway {
  readonly name: string;
  /** Fresh status, usage and real-name states of a card; rejects when the platform cannot be reached. */
  syncSim(simNo: string, now?: number): Promise<SyncedSim>;
  /** Lifts a violation restriction; rejects when the operator refuses. */
  removeBreak(simNo: string, ruleId: number): Promise<void>;
  /** Asks a device to move to an operator's vice SIM, or to pick the best network itself. */
  switchNet(simNo: string, target: number | 'auto'): Promise<NetSwitchTask>;
}
