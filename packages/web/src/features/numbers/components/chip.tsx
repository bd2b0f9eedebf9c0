/** A selectable chip of the filter panels (green when selected). */
import type { ReactNode } from 'react';
import './filter.css';

export interface ChipProps {
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
  testId?: string;
  disabled?: boolean;
}

export function Chip({ active = false, onClick, children, testId, disabled }: ChipProps) {
  return (
    <button
      type="button"
      className={`numbers-chip${active ? ' numbers-chip--active' : ''}`}
      aria-pressed={active}
      onClick={onClick}
      data-testid={testId}
      disabled={disabled}
    >
      {children}
    </button>
  );
}
