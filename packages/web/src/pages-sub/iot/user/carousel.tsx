/** /pages-sub/iot/user/carousel 轮播 (SCREENS §4). */
import { UserCarouselPage } from '../../../features/iot-user/components/user-carousel';

export default function IotUserCarouselPage() {
  return <UserCarouselPage />;
}
