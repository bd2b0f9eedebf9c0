/** /pages-sub/ltAuth/index 实名认证（联通） (SCREENS §4). */
import { LtAuthPage } from '../../features/iot-realname/components/lt-auth';

export default function LtAuthIndexPage() {
  return <LtAuthPage />;
}
