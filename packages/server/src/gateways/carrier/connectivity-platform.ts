/**
 * What an operator's connectivity platform (China Mobile OneLink, China Unicom Jasper Control Center)
 * does not do for a reseller, refused once for both the way CarrierGateway documents: a violation stop is
 * lifted by the operator only, a card has one network, the packages are the shop's own pool (nothing to
 * put on the operator side), real-name is done in the operator's own app, there are no device commands and
 * no speed profiles. An adapter extends this and implements what its platform does do.
 */
import {
  CarrierRefusal,
  type DeviceCommand,
  DeviceCommandUnsupported,
  type DeviceTask,
  type NetSwitchTask,
  type OfficialAuthEntry,
  type SpeedProfileChange,
} from './carrier-gateway.js';

export abstract class ConnectivityPlatform {
  /** The platform's name, also the prefix of its refusals' log text. */
  abstract readonly name: string;

  /** A violation stop (机卡分离, 区域限制) is lifted by the operator only. */
  async removeBreak(_simNo: string, _ruleId: number): Promise<void> {
    throw new CarrierRefusal('carrierResumeOperatorOnly', `${this.name}: violation stops are lifted by the operator`);
  }

  async switchNet(_simNo: string, _target: number | 'auto'): Promise<NetSwitchTask> {
    throw new CarrierRefusal('netSwitchUnsupported', `${this.name}: a card has one network`);
  }

  /** The shop's packages are its own pool, counted by the sync: nothing to put on the operator side. */
  async activatePackage(): Promise<void> {}

  async cancelPackage(): Promise<void> {}

  /** Real-name is done in the operator's own app, not on a page the shop can open. */
  async officialAuthEntry(): Promise<OfficialAuthEntry> {
    throw new CarrierRefusal('carrierNoOnlineAuth', `${this.name}: no online real-name entry`);
  }

  async deviceCommand(_simNo: string, _command: DeviceCommand): Promise<DeviceTask> {
    throw new DeviceCommandUnsupported();
  }

  /** No speed profiles are sold to resellers; clearing one never applied is fine. */
  async setSpeedProfile(_simNo: string, change: SpeedProfileChange): Promise<void> {
    if ('apply' in change) throw new CarrierRefusal('carrierSpeedUnsupported', `${this.name}: no speed profiles`);
  }
}
