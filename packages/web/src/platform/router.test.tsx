import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from './history';
import { Link, RouterProvider, ScrollRestoration, useLocation, useSearchParams } from './router';

function Where() {
  const { pathname, search } = useLocation();
  const [params, setParams] = useSearchParams();
  return (
    <div>
      <output data-testid="where">{`${pathname}${search}`}</output>
      <output data-testid="sort">{params.get('sort') ?? ''}</output>
      <button
        type="button"
        onClick={() => {
          const next = new URLSearchParams(params);
          next.set('sort', 'price');
          setParams(next, { replace: true });
        }}
      >
        sort
      </button>
      <Link to="/pages/goods/index?goodsId=7" data-testid="link">
        goods
      </Link>
    </div>
  );
}

function renderAt(path: string) {
  const history = createMemoryHistory(path);
  render(
    <RouterProvider history={history}>
      <Where />
      <ScrollRestoration />
    </RouterProvider>,
  );
  return history;
}

const where = () => screen.getByTestId('where').textContent;

describe('the router hooks', () => {
  it('render the location, and follow the history', async () => {
    const history = renderAt('/pages/index/VanityNumber/index?promoCode=P1');
    expect(where()).toBe('/pages/index/VanityNumber/index?promoCode=P1');
    await act(async () => history.navigate('/pages/user/index2'));
    expect(where()).toBe('/pages/user/index2');
    await act(async () => history.navigate(-1));
    expect(where()).toBe('/pages/index/VanityNumber/index?promoCode=P1');
  });

  it("set the query on the same path, keeping the other parameters, replacing the page's entry", async () => {
    const history = renderAt('/pages/index/VanityNumber/index?promoCode=P1');
    await act(async () => fireEvent.click(screen.getByText('sort')));
    expect(where()).toBe('/pages/index/VanityNumber/index?promoCode=P1&sort=price');
    expect(screen.getByTestId('sort').textContent).toBe('price');
    expect(history.entries).toHaveLength(1);
  });

  it('a link has a real href and navigates in the app on a plain click only', async () => {
    const history = renderAt('/pages/index/index');
    const link = screen.getByTestId('link');
    expect(link.getAttribute('href')).toBe('#/pages/goods/index?goodsId=7');
    // A click with ctrl (a new tab) is the browser's.
    fireEvent.click(link, { ctrlKey: true });
    expect(history.entries).toHaveLength(1);
    await act(async () => fireEvent.click(link));
    expect(where()).toBe('/pages/goods/index?goodsId=7');
    expect(history.entries).toHaveLength(2);
  });
});

describe('scroll restoration', () => {
  let scrollY = 0;
  const scrollTo = vi.fn((_x: number, y: number) => {
    scrollY = y;
  });
  beforeEach(() => {
    scrollY = 0;
    scrollTo.mockClear();
    vi.stubGlobal('scrollTo', scrollTo);
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens a new page at its top, and back returns to where the page was left', async () => {
    const history = renderAt('/pages/index/index');
    scrollY = 640;
    await act(async () => history.navigate('/pages/goods/index?goodsId=7'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollY = 120;
    await act(async () => history.navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    await act(async () => history.navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 120);
  });

  it('keeps the positions for a reload when the page is hidden', async () => {
    const history = renderAt('/pages/index/index');
    scrollY = 300;
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(sessionStorage.getItem('shop:scroll') ?? '{}')).toEqual({
      [history.state.location.key]: 300,
    });
  });
});
