import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dropdown, type DropdownItem } from './dropdown';

/** A filter bar as a page renders it: a new items array on every render. */
function Bar({ tick }: { tick: number }) {
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const items: DropdownItem[] = [
    { key: 'operator', title: `运营商 ${tick}`, content: <p data-testid="operator-panel">移动 联通</p> },
    { key: 'segment', title: '号段', content: <p data-testid="segment-panel">13x 15x</p> },
    { key: 'more', title: '更多' },
  ];
  return <Dropdown items={items} activeKey={activeKey} onChange={setActiveKey} />;
}

describe('Dropdown', () => {
  it('opens a panel under the bar, switches panels, and closes on the same tap, the mask or Escape', () => {
    render(<Bar tick={0} />);
    fireEvent.click(screen.getByRole('button', { name: /运营商/ }));
    expect(screen.getByTestId('operator-panel')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /号段/ }));
    expect(screen.queryByTestId('operator-panel')).toBeNull();
    expect(screen.getByTestId('segment-panel')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /号段/ }));
    expect(screen.queryByTestId('segment-panel')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /运营商/ }));
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByTestId('operator-panel')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /运营商/ }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('operator-panel')).toBeNull();
  });

  it("hangs the panel from the bar's bottom, measured once as it opens, not on every render of the page", () => {
    const measured = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ bottom: 132, top: 88, left: 0, right: 390, width: 390, height: 44, x: 0, y: 88 } as DOMRect);
    const { rerender } = render(<Bar tick={0} />);
    fireEvent.click(screen.getByRole('button', { name: /运营商/ }));
    rerender(<Bar tick={1} />);
    rerender(<Bar tick={2} />);
    const popup = screen.getByTestId('operator-panel').closest('.hk-dropdown__popup') as HTMLElement;
    expect(popup.style.top).toBe('132px');
    expect(measured).toHaveBeenCalledTimes(1);
  });
});
