import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyPopup } from './lazy-popup';

describe('LazyPopup', () => {
  it('renders nothing until first opened, then the popup, which stays mounted once closed', async () => {
    const { rerender } = render(
      <LazyPopup visible={false}>
        <p data-testid="sheet">sheet</p>
      </LazyPopup>,
    );
    expect(screen.queryByTestId('sheet')).toBeNull();
    expect(document.querySelector('.adm-popup')).toBeNull();

    rerender(
      <LazyPopup visible>
        <p data-testid="sheet">sheet</p>
      </LazyPopup>,
    );
    expect((await screen.findByTestId('sheet')).closest('.adm-popup-body')).not.toBeNull();

    rerender(
      <LazyPopup visible={false}>
        <p data-testid="sheet">sheet</p>
      </LazyPopup>,
    );
    expect(document.querySelector('.adm-popup')).not.toBeNull();
  });
});
