/** /pages-sub/wifi/connect 连接WiFi (SCREENS §4): `?code=` the shared code's network, password and steps. */
import { WifiConnect } from '../../features/wifi/components/wifi-connect';
import { usePageQuery } from '../../platform/use-page-query';

export default function WifiConnectPage() {
  return <WifiConnect code={usePageQuery().code ?? ''} />;
}
