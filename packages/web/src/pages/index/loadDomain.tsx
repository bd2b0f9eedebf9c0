/** /pages/index/loadDomain — 数据初始化: bootstrap the site data, then go on to the redirect or home. */
import { LoadDomain } from '../../features/home/components/load-domain';

export default function LoadDomainPage() {
  return <LoadDomain />;
}
