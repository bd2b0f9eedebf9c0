/** /pages/iot/index/package/details/EffectModal/index 生效方式说明 (SCREENS §3). */
import { EffectModalPage } from '../../../../../../features/iot-buy/components/effect-modal';

export default function IotEffectModalPage() {
  return <EffectModalPage />;
}
