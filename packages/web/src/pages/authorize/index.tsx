/** /pages/authorize/index 小程序授权 (SCREENS §1). */
import { AuthorizePage } from '../../features/platform/components/authorize-page';

export default function AuthorizeRoutePage() {
  return <AuthorizePage />;
}
