/** /pages-sub/wifi/index WiFi码 (SCREENS §4): make a "scan to connect" Wi-Fi code; my codes below. */
import { WifiCreate } from '../../features/wifi/components/wifi-create';

export default function WifiIndexPage() {
  return <WifiCreate />;
}
