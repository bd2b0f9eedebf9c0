/** /pages-sub/iot/integralLog/index 积分明细 (SCREENS §4). */
import { IntegralLogPage } from '../../../features/iot-rewards/components/integral-log';

export default function IntegralLogIndexPage() {
  return <IntegralLogPage />;
}
