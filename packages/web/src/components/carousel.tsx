/**
 * The carousel every banner and image strip uses (SPEC §9 generic UI defaults): it turns every 5000 ms
 * (SWIPER_INTERVAL_MS) with a 500 ms slide (SWIPER_DURATION_MS), follows a horizontal swipe, pauses while
 * touched, and shows one dot per slide. `loop` lets a swipe past either end wrap around; autoplay always
 * wraps from the last slide to the first.
 */
import {
  Children,
  type CSSProperties,
  isValidElement,
  type ReactElement,
  type ReactNode,
  type TouchEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { SWIPER_DURATION_MS, SWIPER_INTERVAL_MS } from '../platform/ui-defaults';
import './carousel.css';

/** A swipe shorter than this (px) springs back. */
export const SWIPE_MIN_PX = 40;

export interface CarouselItemProps {
  children?: ReactNode;
  onClick?: () => void;
}

function CarouselItem({ children, onClick }: CarouselItemProps) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the slide's own content (a button or a link image) is what keyboard users reach
    <div className="hk-carousel__item" onClick={onClick} data-testid="carousel-item">
      {children}
    </div>
  );
}

export interface CarouselProps {
  children: ReactElement<CarouselItemProps> | ReactElement<CarouselItemProps>[];
  autoplay?: boolean;
  loop?: boolean;
  /** false hides the dots. */
  indicator?: boolean;
  className?: string;
  'data-testid'?: string;
}

export function Carousel({
  children,
  autoplay = false,
  loop = false,
  indicator = true,
  className,
  ...rest
}: CarouselProps) {
  const slides = Children.toArray(children).filter(isValidElement);
  const total = slides.length;
  const [index, setIndex] = useState(0);
  const [dragPx, setDragPx] = useState<number | null>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const current = total > 0 ? Math.min(index, total - 1) : 0;

  useEffect(() => {
    if (!autoplay || total < 2 || dragPx !== null) return undefined;
    const timer = setInterval(() => setIndex((i) => (i + 1) % total), SWIPER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [autoplay, total, dragPx]);

  const go = (step: 1 | -1) =>
    setIndex((i) => {
      const next = i + step;
      if (next < 0) return loop ? total - 1 : 0;
      if (next >= total) return loop ? 0 : total - 1;
      return next;
    });

  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    if (!t || total < 2) return;
    touchStart.current = { x: t.clientX, y: t.clientY };
    setDragPx(0);
  };
  const onTouchMove = (e: TouchEvent) => {
    const t = e.touches[0];
    if (!t || !touchStart.current) return;
    setDragPx(t.clientX - touchStart.current.x);
  };
  const onTouchEnd = () => {
    if (touchStart.current && dragPx !== null && Math.abs(dragPx) >= SWIPE_MIN_PX) go(dragPx < 0 ? 1 : -1);
    touchStart.current = null;
    setDragPx(null);
  };

  const dragging = dragPx !== null && dragPx !== 0;
  const trackStyle: CSSProperties = {
    transform: `translateX(calc(${-current * 100}% + ${dragPx ?? 0}px))`,
    transitionDuration: dragging ? '0ms' : `${SWIPER_DURATION_MS}ms`,
  };

  return (
    <section
      className={`hk-carousel${className ? ` ${className}` : ''}`}
      data-testid={rest['data-testid']}
      data-index={current}
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={onTouchEnd}
    >
      <div className="hk-carousel__track" style={trackStyle} data-testid="carousel-track">
        {slides}
      </div>
      {indicator && total > 1 ? (
        <div className="hk-carousel__dots" aria-hidden>
          {slides.map((slide, i) => (
            <span
              key={slide.key ?? i}
              className={`hk-carousel__dot${i === current ? ' hk-carousel__dot--active' : ''}`}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

Carousel.Item = CarouselItem;
