/** `/` and /pages/index/index — 首页 (tab 0): the storefront home, giving way to the picks page with a pageCode. */
import { HomePage } from '../../features/home/components/home-page';

export default function IndexPage() {
  return <HomePage />;
}
