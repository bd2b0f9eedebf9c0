/** /pages/customer/index 客服中心 (SCREENS §1). */
import { ServiceCentre } from '../../features/customer/components/service-centre';

export default function CustomerIndexPage() {
  return <ServiceCentre />;
}
