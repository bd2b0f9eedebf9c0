import { fireEvent, render, screen } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLongPress } from './long-press';

function Target({ onLongPress }: { onLongPress: () => void }) {
  const press = useLongPress(onLongPress);
  return (
    <div data-testid="target" {...press}>
      hold me
    </div>
  );
}

let onLongPress: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  vi.useFakeTimers();
  onLongPress = vi.fn<() => void>();
  render(<Target onLongPress={onLongPress} />);
});

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('useLongPress (SPEC §9: 350 ms)', () => {
  it('fires once a touch is held 350 ms, not before', () => {
    fireEvent.touchStart(screen.getByTestId('target'));
    advance(349);
    expect(onLongPress).not.toHaveBeenCalled();
    advance(1);
    expect(onLongPress).toHaveBeenCalledTimes(1);
    fireEvent.touchEnd(screen.getByTestId('target'));
    advance(1000);
    expect(onLongPress).toHaveBeenCalledTimes(1);
  });

  it.each(['touchEnd', 'touchMove', 'touchCancel'] as const)('a %s before 350 ms cancels it', (event) => {
    fireEvent.touchStart(screen.getByTestId('target'));
    advance(300);
    fireEvent[event](screen.getByTestId('target'));
    advance(1000);
    expect(onLongPress).not.toHaveBeenCalled();
  });
});
