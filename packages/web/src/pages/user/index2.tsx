/** /pages/user/index2 我的 (tab 1, SCREENS §1). */
import { MinePage } from '../../features/user/components/mine-page';

export default function UserTabPage() {
  return <MinePage />;
}
