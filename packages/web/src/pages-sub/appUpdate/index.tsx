/** /pages-sub/appUpdate/index 版本更新 (SCREENS §4). */
import { AppUpdatePage } from '../../features/platform/components/app-update-page';

export default function AppUpdateRoutePage() {
  return <AppUpdatePage />;
}
