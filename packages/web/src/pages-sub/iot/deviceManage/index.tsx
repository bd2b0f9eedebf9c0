/** /pages-sub/iot/deviceManage/index 设备管理 (SCREENS §4). */
import { DeviceManagePage } from '../../../features/iot-device/components/device-manage';

export default function DeviceManageIndexPage() {
  return <DeviceManagePage />;
}
