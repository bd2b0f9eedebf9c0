/** /pages-sub/iot/user/moreMenu 更多 (SCREENS §4). */
import { UserMoreMenuPage } from '../../../features/iot-user/components/user-menus';

export default function IotUserMoreMenuPage() {
  return <UserMoreMenuPage />;
}
