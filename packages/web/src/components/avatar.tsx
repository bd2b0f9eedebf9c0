/**
 * The shop's avatar: antd-mobile's Avatar with its own fallback picture, the same grey figure without
 * the title antd-mobile's carries ("编组 3", a design tool's layer name), which a browser shows as a
 * tooltip and a screen reader reads in every language. The picture is decoration: the avatar's `alt`
 * names it where it means something. Lint refuses antd-mobile's Avatar in the shop.
 */
// biome-ignore lint/style/noRestrictedImports: the one module that wraps antd-mobile's Avatar.
import { Avatar as AntdAvatar, type AvatarProps } from 'antd-mobile';

const FALLBACK = (
  <svg className="adm-avatar-fallback" viewBox="0 0 88 88" aria-hidden="true" data-testid="avatar-fallback">
    <rect width="88" height="88" style={{ fill: 'var(--adm-color-border)' }} />
    <path
      style={{ fill: 'var(--adm-color-light)' }}
      d="M44.57 16h-1.14l-.47.01C36.52 16.26 31.43 21.57 31.43 28.03v6.75l.02.59c.15 3.17 1.49 6.16 3.76 8.37l3.01 2.94.19.21c.37.45.57 1.01.57 1.59v.41l-.02.3a2.4 2.4 0 0 1-1.29 1.85l-18.93 9.7-.33.19A4.93 4.93 0 0 0 16 65.23v.84l.01.32A3.92 3.92 0 0 0 19.92 70h48.16A3.92 3.92 0 0 0 72 66.08v-.85a4.93 4.93 0 0 0-2.74-4.49l-18.93-9.7a2.4 2.4 0 0 1-1.31-2.15v-.41c0-.68.28-1.33.76-1.8l3.01-2.94a11.6 11.6 0 0 0 3.77-8.96v-6.75C56.56 21.38 51.19 16 44.57 16Z"
    />
  </svg>
);

export function Avatar(props: AvatarProps) {
  return <AntdAvatar fallback={FALLBACK} {...props} />;
}
