/** /pages/user/index 我的 (SCREENS §1): the mine page without the tab bar, plus the agent block. */
import { MinePage } from '../../features/user/components/mine-page';

export default function UserPage() {
  return <MinePage standalone />;
}
