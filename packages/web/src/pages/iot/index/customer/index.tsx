/** /pages/iot/index/customer/index 客服 (SCREENS §3). */
import { IotCustomerPage } from '../../../../features/iot-core/components/iot-customer';

export default function IotCustomerIndexPage() {
  return <IotCustomerPage />;
}
