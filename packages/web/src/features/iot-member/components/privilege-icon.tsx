/** A VIP privilege's icon: an image URL, or one of the short codes the back office gives (else a shield). */

import { CheckShieldOutline, CouponOutline, GiftOutline, StarOutline, UserContactOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Image } from '../../../components/image';

const PRIVILEGE_ICONS: Record<string, ReactNode> = {
  service: <UserContactOutline />,
  discount: <CouponOutline />,
  points: <StarOutline />,
  gift: <GiftOutline />,
};

export function PrivilegeIcon({ icon }: { icon: string }) {
  if (/^(https?:)?\//.test(icon)) return <Image src={icon} alt="" width={24} height={24} fit="contain" />;
  return <>{PRIVILEGE_ICONS[icon] ?? <CheckShieldOutline />}</>;
}
