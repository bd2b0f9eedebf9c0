import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';

describe('Avatar', () => {
  it('without a picture shows the grey figure, untitled and hidden from assistive technology', () => {
    const { container } = render(<Avatar src="" alt="" />);
    const fallback = container.querySelector('svg.adm-avatar-fallback');
    expect(fallback?.getAttribute('aria-hidden')).toBe('true');
    expect(fallback?.querySelector('title')).toBeNull();
    // antd-mobile's own picture is titled 编组 3, shown as a tooltip in every language.
    expect(container.textContent).not.toMatch(/\p{Script=Han}/u);
  });

  it('with a picture passes it and its name on', () => {
    const { container } = render(<Avatar src="/media/logo.png" alt="Card logo" />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/media/logo.png');
    expect(img?.getAttribute('alt')).toBe('Card logo');
  });
});
