/** /pages-sub/iot/user/service 服务 (SCREENS §4). */
import { UserServicePage } from '../../../features/iot-user/components/user-service';

export default function IotUserServicePage() {
  return <UserServicePage />;
}
