import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';

describe('Avatar', () => {
  it('without a picture shows the grey figure, untitled and hidden from assistive technology', () => {
    const { container } = render(<Avatar src="  " alt="" />);
    const fallback = container.querySelector('svg.avatar__fallback');
    expect(fallback?.getAttribute('aria-hidden')).toBe('true');
    expect(fallback?.querySelector('title')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    // antd-mobile's own picture is titled 编组 3, shown as a tooltip in every language.
    expect(container.textContent).not.toMatch(/\p{Script=Han}/u);
  });

  it('with a picture passes it and its name on, and shows the figure until it has loaded', () => {
    const { container } = render(<Avatar src="/media/logo.png" alt="Card logo" />);
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/media/logo.png');
    expect(img.getAttribute('alt')).toBe('Card logo');
    expect(container.querySelector('.avatar__fallback')).not.toBeNull();
    fireEvent.load(img);
    expect(container.querySelector('.avatar__fallback')).toBeNull();
    expect(container.querySelector('img')).toBe(img);
  });

  it('shows the figure, not a broken picture, when the picture fails; a new picture loads anew', () => {
    const { container, rerender } = render(<Avatar src="/media/gone.png" alt="Card logo" />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.avatar__fallback')).not.toBeNull();
    rerender(<Avatar src="/media/logo.png" alt="Card logo" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/media/logo.png');
  });

  it('takes its size and corners from the caller', () => {
    const { container } = render(<Avatar src="" alt="" style={{ '--size': '72px', '--border-radius': '50%' }} />);
    const box = container.firstElementChild as HTMLElement;
    expect(box.style.getPropertyValue('--size')).toBe('72px');
    expect(box.style.getPropertyValue('--border-radius')).toBe('50%');
  });
});
