import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '../platform/query';
import { bodyText, everythingOnScreen, settle } from '../test/dom';
import { InfiniteList } from './infinite-list';

interface Row {
  id: number;
}

/** A list of `total` rows served 10 a page; `failFrom` makes that page and later ones fail. */
function setup({ total, failFrom }: { total: number; failFrom?: number }) {
  const asked: number[] = [];
  const fetchPage = vi.fn(async (page: number, pageSize: number) => {
    asked.push(page);
    if (failFrom !== undefined && page >= failFrom) throw new Error('offline');
    const start = (page - 1) * pageSize;
    const list = Array.from({ length: Math.max(0, Math.min(pageSize, total - start)) }, (_, i) => ({ id: start + i }));
    return { list, total, page, pageSize };
  });
  const client = new QueryClient();
  const view = (
    <QueryClientProvider client={client}>
      <InfiniteList<Row>
        queryKey={['rows']}
        fetchPage={fetchPage}
        itemKey={(row) => row.id}
        renderItem={(row) => <span data-testid="row">{row.id}</span>}
      />
    </QueryClientProvider>
  );
  const result = render(view);
  return { asked, rerender: () => result.rerender(view) };
}

describe('InfiniteList: the next page as the end comes near (SPEC §9)', () => {
  it('asks for no further page while its end is off screen', async () => {
    const { asked } = setup({ total: 25 });
    await waitFor(() => expect(screen.getAllByTestId('row')).toHaveLength(10));
    await settle();
    expect(asked).toEqual([1]);
    expect(bodyText()).toContain('加载中');
  });

  it('pages on while the end is on screen, and stops at the total with 没有更多了', async () => {
    everythingOnScreen();
    const { asked } = setup({ total: 25 });
    await waitFor(() => expect(screen.getAllByTestId('row')).toHaveLength(25));
    await waitFor(() => expect(bodyText()).toContain('没有更多了'));
    await settle();
    expect(asked).toEqual([1, 2, 3]);
  });

  it('stops asking after a failed next page', async () => {
    everythingOnScreen();
    const { asked } = setup({ total: 25, failFrom: 2 });
    await waitFor(() => expect(asked).toEqual([1, 2]));
    await settle(200);
    expect(asked).toEqual([1, 2]);
    expect(screen.getAllByTestId('row')).toHaveLength(10);
  });

  it('reads no layout as the list renders: the browser reports when the end is near', async () => {
    // A laid-out page: every element has an offset parent (happy-dom lays nothing out).
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
      configurable: true,
      get(this: HTMLElement) {
        return this.parentElement;
      },
    });
    const measured = vi.spyOn(Element.prototype, 'getBoundingClientRect');
    try {
      const { rerender } = setup({ total: 25 });
      await waitFor(() => expect(screen.getAllByTestId('row')).toHaveLength(10));
      rerender();
      rerender();
      await settle(250);
      expect(measured).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(HTMLElement.prototype, 'offsetParent');
    }
  });
});
