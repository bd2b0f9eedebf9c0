import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

function Harness({ onChange }: { onChange: (key: string) => void }) {
  const [active, setActive] = useState('a');
  return (
    <Tabs
      items={[
        { key: 'a', title: 'Alpha' },
        { key: 'b', title: 'Beta' },
        { key: 'c', title: 'Gamma' },
      ]}
      activeKey={active}
      onChange={(key) => {
        onChange(key);
        setActive(key);
      }}
    />
  );
}

describe('Tabs', () => {
  it('is a tablist whose active tab alone is selected and in the tab order', () => {
    render(<Harness onChange={() => {}} />);
    const tabs = screen.getAllByRole('tab');
    expect(screen.getByRole('tablist')).toBeTruthy();
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
  });

  it('a tap chooses a tab; tapping the active one changes nothing', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Alpha' }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: 'Gamma' }));
    expect(onChange).toHaveBeenLastCalledWith('c');
    expect(screen.getByRole('tab', { name: 'Gamma' }).getAttribute('aria-selected')).toBe('true');
  });

  it('the arrow keys, Home and End move the choice and the focus, wrapping around', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const alpha = screen.getByRole('tab', { name: 'Alpha' });
    fireEvent.keyDown(alpha, { key: 'ArrowLeft' });
    expect(onChange).toHaveBeenLastCalledWith('c');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Gamma' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(onChange).toHaveBeenLastCalledWith('a');
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(onChange).toHaveBeenLastCalledWith('c');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(onChange).toHaveBeenLastCalledWith('a');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledTimes(4);
  });
});
