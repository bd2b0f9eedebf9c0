/**
 * A picture in a box that holds its place (SCREENS §0): grey while it loads, grey with its alternative
 * text for assistive technology when it fails, the picture once it is in. `lazy` is the browser's own
 * lazy loading; `placeholder` is what the box shows instead of grey while it loads and when it fails (the
 * avatar's figure). The shop's own rather than antd-mobile's Image, which watched each lazy picture with
 * an IntersectionObserver hook and drew its placeholder and failure pictures in code (about 1.3 KB
 * gzip of the shop's first screen).
 */
import { type CSSProperties, type ReactNode, useState } from 'react';
import './image.css';

export interface ImageProps {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  /** How the picture fills its box (CSS `object-fit`). */
  fit?: 'fill' | 'contain' | 'cover';
  lazy?: boolean;
  /** What the box shows while the picture loads and when it fails (grey without). */
  placeholder?: ReactNode;
  className?: string;
  style?: CSSProperties;
  /** Data attributes (a test id, the operator shown) go on the box. */
  [data: `data-${string}`]: string | number | undefined;
}

type Status = 'loading' | 'loaded' | 'failed';

export function Image({
  src,
  alt,
  width,
  height,
  fit = 'fill',
  lazy = false,
  placeholder,
  className,
  style,
  ...data
}: ImageProps) {
  // The status of `src`: a new source loads anew; no source is a failed picture.
  const [state, setState] = useState<{ src: string; status: Status }>({ src, status: 'loading' });
  const status: Status = !src ? 'failed' : state.src === src ? state.status : 'loading';
  return (
    <div
      {...data}
      className={['image', `image--${status}`, className].filter(Boolean).join(' ')}
      style={{ ...style, width, height }}
    >
      {status === 'failed' ? (
        alt ? (
          <div className="image__failed" role="img" aria-label={alt}>
            {placeholder}
          </div>
        ) : (
          <div className="image__failed">{placeholder}</div>
        )
      ) : (
        <>
          {status === 'loading' && placeholder ? <div className="image__placeholder">{placeholder}</div> : null}
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
        </>
      )}
    </div>
  );
}
