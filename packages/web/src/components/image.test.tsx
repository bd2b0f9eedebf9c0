import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Image } from './image';

describe('Image', () => {
  it('holds a grey box while the picture loads, then shows it', () => {
    const { container } = render(<Image src="/a.png" alt="Banner 1" width={36} height={36} fit="cover" lazy />);
    const box = container.firstElementChild as HTMLElement;
    const img = screen.getByAltText('Banner 1');
    expect(box.className).toBe('image image--loading');
    expect(box.style.width).toBe('36px');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.style.objectFit).toBe('cover');
    fireEvent.load(img);
    expect(box.className).toBe('image image--loaded');
  });

  it('a picture that fails keeps its box, and its alternative text for assistive technology', () => {
    const { container, rerender } = render(<Image src="/gone.png" alt="China Mobile" data-testid="operator" />);
    fireEvent.error(screen.getByAltText('China Mobile'));
    const box = screen.getByTestId('operator');
    expect(box).toBe(container.firstElementChild);
    expect(box.className).toBe('image image--failed');
    expect(screen.getByRole('img', { name: 'China Mobile' })).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    // Another picture loads anew.
    rerender(<Image src="/b.png" alt="China Unicom" data-testid="operator" />);
    expect(screen.getByTestId('operator').className).toBe('image image--loading');
    expect(screen.getByAltText('China Unicom').getAttribute('src')).toBe('/b.png');
  });

  it('a decorative picture that fails is not announced', () => {
    const { container } = render(<Image src="/gone.png" alt="" />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('without a source is a failed picture at once: no empty img, its name kept', () => {
    const { container } = render(<Image src="" alt="Banner" />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Banner');
  });

  it('shows the placeholder over the loading picture and when it fails, and not once it is in', () => {
    const figure = <span data-testid="figure" />;
    const { container, rerender } = render(<Image src="/a.png" alt="" placeholder={figure} />);
    expect(screen.getByTestId('figure')).toBeTruthy();
    fireEvent.load(container.querySelector('img') as HTMLImageElement);
    expect(screen.queryByTestId('figure')).toBeNull();
    rerender(<Image src="/gone.png" alt="" placeholder={figure} />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(screen.getByTestId('figure')).toBeTruthy();
  });
});
