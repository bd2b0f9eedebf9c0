/** /pages-sub/iot/user/index 我的（物联卡） (SCREENS §4). */
import { UserMinePage } from '../../../features/iot-user/components/user-mine';

export default function IotUserIndexPage() {
  return <UserMinePage />;
}
