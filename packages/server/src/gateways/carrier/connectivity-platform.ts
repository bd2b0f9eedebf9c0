/**
 * What an operator's connectivity platform (China Mobile OneLink, China Unicom Jasper Control Center)
 * does not do for a reseller, refused once for both the way CarrierGateway documents: a violation stop is
 * lifted by the operator only, a card has one network, the packages are the shop's own pool (nothing to
 * put on the operator side), real-name is done in the operator's own app, there are no device commands and
 * no speed profiles. An adapter extends this and implements what its platform does do (a refusal's
 * method answers `never`, which fits the interface's signature).
 */
import { CarrierRefusal, DeviceCommandUnsupported, type SpeedProfileChange } from './carrier-gateway.js';

export abstract class ConnectivityPlatform {
  /** The platform's name, also the prefix of its refusals' log text. */
  abstract readonly name: string;

  /** A violation stop (机卡分离, 区域限制) is lifted by the operator only. */
  async removeBreak(): Promise<never> {
    throw new CarrierRefusal('carrierResumeOperatorOnly', `${this.name}: violation stops are lifted by the operator`);
  }

  async switchNet(): Promise<never> {
    throw new CarrierRefusal('netSwitchUnsupported', `${this.name}: a card has one network`);
  }

  /** The shop's packages are its own pool, counted by the sync: nothing to put on the operator side. */
  async activatePackage(): Promise<void> {}

  async cancelPackage(): Promise<void> {}

  /** Real-name is done in the operator's own app, not on a page the shop can open. */
  async officialAuthEntry(): Promise<never> {
    throw new CarrierRefusal('carrierNoOnlineAuth', `${this.name}: no online real-name entry`);
  }

  async deviceCommand(): Promise<never> {
    throw new DeviceCommandUnsupported();
  }

  /** No speed profiles are sold to resellers; clearing one never applied is fine. */
  async setSpeedProfile(_simNo: string, change: SpeedProfileChange): Promise<void> {
    if ('apply' in change) throw new CarrierRefusal('carrierSpeedUnsupported', `${this.name}: no speed profiles`);
  }
}
