import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './carousel';

const NAMES = ['slide 0', 'slide 1', 'slide 2'];
const slides = (n: number, onClick?: (i: number) => void) =>
  NAMES.slice(0, n).map((name, i) => (
    <Carousel.Item key={name} onClick={onClick ? () => onClick(i) : undefined}>
      <span>{name}</span>
    </Carousel.Item>
  ));

const index = () => Number(screen.getByTestId('c').dataset.index);
const track = () => screen.getByTestId('carousel-track');
const swipe = (dx: number) => {
  const el = screen.getByTestId('c');
  fireEvent.touchStart(el, { touches: [{ clientX: 200, clientY: 100 }] });
  fireEvent.touchMove(el, { touches: [{ clientX: 200 + dx, clientY: 100 }] });
  fireEvent.touchEnd(el, { touches: [] });
};

describe('Carousel (SPEC §9: swiper interval 5000 ms, duration 500 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns every 5000 ms with a 500 ms slide, and wraps from the last slide to the first', () => {
    render(
      <Carousel autoplay data-testid="c">
        {slides(3)}
      </Carousel>,
    );
    expect(index()).toBe(0);
    expect(track().style.transitionDuration).toBe('500ms');
    act(() => vi.advanceTimersByTime(4999));
    expect(index()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(index()).toBe(1);
    expect(track().style.transform).toBe('translateX(calc(-100% + 0px))');
    act(() => vi.advanceTimersByTime(10_000));
    expect(index()).toBe(0);
  });

  it('stays put without autoplay or with one slide', () => {
    render(
      <>
        <Carousel data-testid="c">{slides(3)}</Carousel>
        <Carousel autoplay data-testid="one">
          {slides(1)}
        </Carousel>
      </>,
    );
    act(() => vi.advanceTimersByTime(20_000));
    expect(index()).toBe(0);
    expect(screen.getByTestId('one').dataset.index).toBe('0');
    expect(screen.getByTestId('one').querySelector('.hk-carousel__dot')).toBeNull();
  });

  it('follows a swipe; a short one springs back; past the ends it wraps only with loop', () => {
    const { rerender } = render(<Carousel data-testid="c">{slides(3)}</Carousel>);
    swipe(-80);
    expect(index()).toBe(1);
    swipe(-20);
    expect(index()).toBe(1);
    swipe(80);
    swipe(80);
    expect(index()).toBe(0);
    rerender(
      <Carousel loop data-testid="c">
        {slides(3)}
      </Carousel>,
    );
    swipe(80);
    expect(index()).toBe(2);
  });

  it('shows one dot per slide with the current one active, and a tap reaches the slide', () => {
    const tapped = vi.fn();
    render(<Carousel data-testid="c">{slides(3, tapped)}</Carousel>);
    const dots = screen.getByTestId('c').querySelectorAll('.hk-carousel__dot');
    expect(dots).toHaveLength(3);
    expect(dots[0]?.classList.contains('hk-carousel__dot--active')).toBe(true);
    fireEvent.click(screen.getByText('slide 2'));
    expect(tapped).toHaveBeenCalledWith(2);
  });
});
