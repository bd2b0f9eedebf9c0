/** /pages-sub/iot/historyLine/index 用量历史 (SCREENS §4). */
import { HistoryLinePage } from '../../../features/iot-realname/components/history-line';

export default function HistoryLineIndexPage() {
  return <HistoryLinePage />;
}
