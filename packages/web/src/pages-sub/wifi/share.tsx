/** /pages-sub/wifi/share 分享WiFi码 (SCREENS §4): `?code=` the poster, 保存图片 and 复制链接. */
import { WifiShare } from '../../features/wifi/components/wifi-share';
import { usePageQuery } from '../../platform/use-page-query';

export default function WifiSharePage() {
  return <WifiShare code={usePageQuery().code ?? ''} />;
}
