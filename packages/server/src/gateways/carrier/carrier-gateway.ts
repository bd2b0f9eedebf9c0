/**
 * Carrier (ARCHITECTURE.md "External systems"): the operator / device platform behind a card, reached only
 * through this interface. The built-in simulator keeps card state in the database.
 */

import type { Reason } from '@haoka/contract';
import { reasonText } from '@haoka/contract/reasons';
import type { OperatorState } from './operator-states.js';

/**
 * The gateways CARRIER_GATEWAY may name: the built-in simulator, China Mobile OneLink (EC API v5) and
 * China Unicom Jasper (Control Center REST); PROVIDERS.md "Carrier platforms".
 */
export const CARRIER_GATEWAY_KINDS = ['simulator', 'onelink', 'jasper'] as const;
export type CarrierGatewayKind = (typeof CARRIER_GATEWAY_KINDS)[number];

/** Where each operator platform is and the reseller's account on it (ONELINK_*, JASPER_*; config.ts). */
export interface CarrierSettings {
  onelink?: { baseUrl?: string | undefined; appId?: string | undefined; password?: string | undefined } | undefined;
  jasper?: { baseUrl?: string | undefined; username?: string | undefined; apiKey?: string | undefined } | undefined;
}

/** The upstream state of a card after a sync; flows in MB. */
export interface SyncedSim {
  /**
   * The card's state and stop reason in the platform's own words, mapped to ours by operator-states.ts;
   * undefined when the platform said nothing about it (the stored state is kept).
   */
  operatorState: OperatorState | undefined;
  authStatus: number;
  authPlatformStatus: number;
  internetStatus: number;
  onlineStatus: number;
  totalFlow: number;
  useFlow: number;
  /** Usage beyond the pool since the previous sync, billed as pay-as-you-go (MB); 0 without it. */
  volumeFlow?: number | undefined;
  /** Usage since the previous sync, per Asia/Shanghai day ('YYYY-MM-DD'); added to the daily history. */
  usageByDay: { day: string; flowMb: number }[];
  /** Device cards: live connection count and signal. */
  device?: { connCount: number; signal: number } | undefined;
  /** Device cards: operator real-name state of each vice SIM, by its number. */
  viceSims?: { simNo: string; authStatus: number }[] | undefined;
}

/** A package the operator is asked to put on a card; the order number makes the request idempotent. */
export interface PackageActivation {
  orderSn: string;
  flowMb: number;
  isInfiniteFlow: boolean;
  /** Epoch ms; a later start is a scheduled package (next month, after the current one). */
  startAt: number;
  endAt: number | null;
}

/** An acceleration pass on a card: the operator runs the speed profile from `startAt` to `endAt`. */
export interface SpeedProfile {
  orderSn: string;
  /** S100M, S300M or S1000M. */
  speedCode: string;
  startAt: number;
  endAt: number;
}

/** Put an acceleration pass's speed profile on a card, or take the one of an order off again. */
export type SpeedProfileChange = { apply: SpeedProfile } | { clear: string };

/** How a card (or a device's vice SIM) does the operator's real-name (API.md §4 simOfficialAuth). */
export interface OfficialAuthEntry {
  mode: 'redirect' | 'ltAuth' | 'qrcode' | 'sms';
  /** The operator's page (redirect, ltAuth; also what the QR code holds). */
  url?: string;
  /** The text to send by SMS (mode sms), with the number to send it to. */
  smsText?: string;
  tips: string;
}

export type DeviceCommand =
  | { kind: 'setWiFiSsidPwd'; wifiType: 1 | 2; ssid: string; password: string }
  | { kind: 'setWiFiDisplay'; wifiType: 1 | 2; show: 0 | 1 }
  | { kind: 'restart' }
  | { kind: 'close' }
  | { kind: 'reset' };

export interface DeviceTask {
  taskId: string;
  /** True when the device is offline: the command runs when it reconnects. */
  queued: boolean;
}

/** The device's model cannot run a command (e.g. a 5G setting on a 2.4G-only device). */
export class DeviceCommandUnsupported extends Error {
  constructor(readonly reason: Reason = 'deviceModelUnsupported') {
    super(reasonText(reason));
    this.name = 'DeviceCommandUnsupported';
  }
}

/**
 * The operator refused a request (as opposed to not answering), for a reason the shopper is told. An
 * adapter maps the operator's own codes to reasons (`carrierRefused` when it has none: the operator's
 * own text goes to the log, `detail`).
 */
export class CarrierRefusal extends Error {
  constructor(
    readonly reason: Reason,
    readonly detail = '',
  ) {
    super(detail ? `${reasonText(reason)} (${detail})` : reasonText(reason));
    this.name = 'CarrierRefusal';
  }

  /** The zh-Hans text for remarks and the answer. */
  get userMessage(): string {
    return reasonText(this.reason);
  }
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
  /**
   * Fresh states of many cards in the platform's batch queries (OneLink: 100 cards a call), for the sync
   * job; a card the platform did not answer for is missing from the map. Absent when the platform has no
   * batch query (the job then syncs card by card).
   */
  syncSims?(simNos: string[], now?: number): Promise<Map<string, SyncedSim>>;
  /**
   * The cards (by number) the platform changed since `since` (epoch ms), for the sync job to sync first
   * (Jasper `modifiedSince`). Absent when the platform cannot say.
   */
  changedSince?(since: number): Promise<string[]>;
  /** Lifts a violation restriction; rejects when the operator refuses. */
  removeBreak(simNo: string, ruleId: number): Promise<void>;
  /**
   * Asks the operator to run a stopped card again (OneLink `change/sim-status` operType 1, Jasper status
   * ACTIVATED, CMP 复机) once what stopped it is settled (arrears paid). The operator applies it in its own
   * time; the next sync reports the card running. Idempotent; a card already running is fine. Rejects with
   * CarrierRefusal when the operator will not (a stop only it can lift).
   */
  resumeSim(simNo: string): Promise<void>;
  /**
   * Asks the operator to stop a card at the reseller's request (OneLink `change/sim-status` operType 0,
   * Jasper status DEACTIVATED): the console's suspend. Idempotent; rejects with CarrierRefusal when the
   * operator will not (a closed card), with another error when it cannot be reached. The caller stops the
   * card here with the reason `requested` once the operator accepted.
   */
  suspendSim(simNo: string): Promise<void>;
  /** Asks a device to move to an operator's vice SIM, or to pick the best network itself. */
  switchNet(simNo: string, target: number | 'auto'): Promise<NetSwitchTask>;
  /**
   * Puts a bought package on a card. Idempotent by `orderSn`: asking again for an accepted order
   * succeeds without a second package. Rejects when the operator refuses or cannot be reached.
   */
  activatePackage(simNo: string, activation: PackageActivation): Promise<void>;
  /** Takes a package off again (refund); idempotent, and fine for an order the operator never took. */
  cancelPackage(simNo: string, orderSn: string): Promise<void>;
  /**
   * Where the holder does the operator's real-name for a card, or for one vice SIM of a device
   * (`authSimNo` is then the vice SIM). `returnUrl` is where the operator's page sends the browser back.
   */
  officialAuthEntry(
    simNo: string,
    target: { authSimNo: string; operatorType: number },
    returnUrl: string,
  ): Promise<OfficialAuthEntry>;
  /**
   * The operator's real-name state (0 none, 1 done, 2 reviewing, 3 failed) of a card or of one vice SIM of
   * a device: asked when the holder comes back from the operator's page, without a full sync.
   */
  officialAuthState(simNo: string, authSimNo: string): Promise<number>;
  /**
   * Sends a command to a device (Wi-Fi name/password/visibility, restart, close, reset). An offline
   * device gets it when it reconnects (`queued`), unless 24 h pass first. Rejects with
   * DeviceCommandUnsupported when the model cannot run it, CarrierRefusal when the platform refuses.
   */
  deviceCommand(simNo: string, command: DeviceCommand): Promise<DeviceTask>;
  /**
   * Applies an acceleration speed profile to a card, or clears an order's. Idempotent by order number
   * (clearing one never applied is fine); rejects with CarrierRefusal when the operator refuses, with
   * another error when it cannot be reached.
   */
  setSpeedProfile(simNo: string, change: SpeedProfileChange): Promise<void>;
}
