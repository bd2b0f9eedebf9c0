/** /pages/index/default — the home content as a standalone page: no tab bar, no pageCode redirect, a home icon. */
import { HomePage } from '../../features/home/components/home-page';

export default function DefaultHomePage() {
  return <HomePage standalone />;
}
