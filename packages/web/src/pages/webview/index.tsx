/** /pages/webview/index 请稍候 (SCREENS §1): ?url= in a frame, ?title= as the header title. */
import { WebviewFrame } from '../../features/webview/components/webview-frame';
import { usePageQuery } from '../../platform/use-page-query';

export default function WebviewPage() {
  const query = usePageQuery();
  return <WebviewFrame url={query.url} title={query.title} />;
}
