/**
 * A picture in a box that holds its place (SCREENS §0): grey while it loads, grey with its alternative
 * text for assistive technology when it fails, the picture once it is in. `lazy` is the browser's own
 * lazy loading. The shop's own rather than antd-mobile's Image, which watched each lazy picture with
 * an IntersectionObserver hook and drew its placeholder and failure pictures in code (about 1.3 KB
 * gzip of the shop's first screen).
 */
import { useState } from 'react';
import './image.css';

export interface ImageProps {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  /** How the picture fills its box (CSS `object-fit`). */
  fit?: 'fill' | 'contain' | 'cover';
  lazy?: boolean;
  className?: string;
  /** Data attributes (a test id, the operator shown) go on the box. */
  [data: `data-${string}`]: string | number | undefined;
}

type Status = 'loading' | 'loaded' | 'failed';

export function Image({ src, alt, width, height, fit = 'fill', lazy = false, className, ...data }: ImageProps) {
  // The status of `src`: a new source loads anew.
  const [state, setState] = useState<{ src: string; status: Status }>({ src, status: 'loading' });
  const status = state.src === src ? state.status : 'loading';
  return (
    <div
      {...data}
      className={['image', `image--${status}`, className].filter(Boolean).join(' ')}
      style={{ width, height }}
    >
      {status === 'failed' ? (
        alt ? (
          <div className="image__failed" role="img" aria-label={alt} />
        ) : (
          <div className="image__failed" />
        )
      ) : (
        <img
          className="image__img"
          src={src}
          alt={alt}
          loading={lazy ? 'lazy' : undefined}
          decoding="async"
          draggable={false}
          style={{ objectFit: fit }}
          onLoad={() => setState({ src, status: 'loaded' })}
          onError={() => setState({ src, status: 'failed' })}
        />
      )}
    </div>
  );
}
