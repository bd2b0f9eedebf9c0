import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextInput } from './text-input';

describe('TextInput (SPEC §9: input max length 140)', () => {
  it('takes at most 140 characters unless told otherwise', () => {
    render(
      <>
        <TextInput data-testid="plain" />
        <TextInput data-testid="short" maxLength={11} />
      </>,
    );
    expect(screen.getByTestId('plain').querySelector('input')?.maxLength).toBe(140);
    expect(screen.getByTestId('short').querySelector('input')?.maxLength).toBe(11);
  });
});
