/** /pages-sub/iot/deviceManage/setSsidPwd/index 修改WiFi (SCREENS §4). */
import { SetSsidPwdPage } from '../../../../features/iot-device/components/set-ssid-pwd';

export default function SetSsidPwdIndexPage() {
  return <SetSsidPwdPage />;
}
