/** /pages/login/index 订单查询 (SCREENS §1): the shopper's order-query login. */
import { LoginPage } from '../../features/auth/components/login-page';

export default function ShopLoginPage() {
  return <LoginPage />;
}
