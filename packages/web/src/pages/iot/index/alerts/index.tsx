/** /pages/iot/index/alerts/index 用量提醒 (issue 25; not a SPEC route: the card's alerts). */
import { AlertsPage } from '../../../../features/iot-care/components/alert-settings';

export default function IotAlertsPage() {
  return <AlertsPage />;
}
