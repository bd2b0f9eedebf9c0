/**
 * The shop's avatar: a square or round picture (`--size`, 44px; `--border-radius`, 4px, as antd-mobile's
 * Avatar read them) that shows a grey figure while the picture loads, when there is none and when it
 * fails. The figure is antd-mobile's without its title ("编组 3", a design tool's layer name, which a
 * browser shows as a tooltip and a screen reader reads in every language), and it is decoration: the
 * avatar's `alt` names the picture where it means something. It is the shop's Image with the figure as
 * its placeholder, rather than antd-mobile's Avatar, which drew through antd-mobile's Image (an
 * IntersectionObserver hook, its own placeholder and failure pictures: about 3 KB gzip of the card
 * login's first screen). Lint refuses antd-mobile's Avatar in the shop.
 */
import type { CSSProperties } from 'react';
import { Image } from './image';
import './avatar.css';

const FALLBACK = (
  <svg className="avatar__fallback" viewBox="0 0 88 88" aria-hidden="true" data-testid="avatar-fallback">
    <rect width="88" height="88" style={{ fill: 'var(--adm-color-border)' }} />
    <path
      style={{ fill: 'var(--adm-color-light)' }}
      d="M44.57 16h-1.14l-.47.01C36.52 16.26 31.43 21.57 31.43 28.03v6.75l.02.59c.15 3.17 1.49 6.16 3.76 8.37l3.01 2.94.19.21c.37.45.57 1.01.57 1.59v.41l-.02.3a2.4 2.4 0 0 1-1.29 1.85l-18.93 9.7-.33.19A4.93 4.93 0 0 0 16 65.23v.84l.01.32A3.92 3.92 0 0 0 19.92 70h48.16A3.92 3.92 0 0 0 72 66.08v-.85a4.93 4.93 0 0 0-2.74-4.49l-18.93-9.7a2.4 2.4 0 0 1-1.31-2.15v-.41c0-.68.28-1.33.76-1.8l3.01-2.94a11.6 11.6 0 0 0 3.77-8.96v-6.75C56.56 21.38 51.19 16 44.57 16Z"
    />
  </svg>
);

export interface AvatarProps {
  /** The picture; empty for none. */
  src: string;
  alt: string;
  className?: string;
  style?: CSSProperties & { '--size'?: string; '--border-radius'?: string };
  /** Data attributes (a test id) go on the box. */
  [data: `data-${string}`]: string | number | undefined;
}

export function Avatar({ src, alt, className, ...props }: AvatarProps) {
  return (
    <Image
      {...props}
      src={src.trim()}
      alt={alt}
      fit="cover"
      placeholder={FALLBACK}
      className={['avatar', className].filter(Boolean).join(' ')}
    />
  );
}
