/** /pages/customer/code 客服二维码 (SCREENS §1). */
import { ServiceCode } from '../../features/customer/components/service-code';

export default function CustomerCodePage() {
  return <ServiceCode />;
}
