import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHashHistory, createMemoryHistory, type HistoryUpdate, parsePath } from './history';

describe('parsePath', () => {
  it('splits a path and its query, adding the leading slash', () => {
    expect(parsePath('/pages/index/index?promoCode=P1&x=2')).toEqual({
      pathname: '/pages/index/index',
      search: '?promoCode=P1&x=2',
    });
    expect(parsePath('pages/user/index2')).toEqual({ pathname: '/pages/user/index2', search: '' });
    expect(parsePath('/a?')).toEqual({ pathname: '/a', search: '' });
    expect(parsePath('')).toEqual({ pathname: '/', search: '' });
  });
});

describe('the hash history', () => {
  const popped = () => new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));

  beforeEach(() => {
    window.history.replaceState(null, '', '/shop/?from=singlemessage#/pages/index/VanityNumber/index?promoCode=P1');
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it("starts at the hash's path and query, numbering its entry 0", () => {
    const history = createHashHistory();
    expect(history.state.location).toEqual({
      pathname: '/pages/index/VanityNumber/index',
      search: '?promoCode=P1',
      key: 'default',
    });
    expect(window.history.state).toMatchObject({ key: 'default', idx: 0 });
  });

  it('pushes and replaces in the hash, keeping the page URL, with a new key and index each time', () => {
    const history = createHashHistory();
    const updates: HistoryUpdate[] = [];
    const stop = history.subscribe((update) => updates.push(update));
    history.navigate('/pages/goods/index?goodsId=7');
    expect(window.location.pathname + window.location.search).toBe('/shop/?from=singlemessage');
    expect(window.location.hash).toBe('#/pages/goods/index?goodsId=7');
    expect(window.history.state).toMatchObject({ idx: 1 });
    const pushed = history.state.location;
    expect(pushed).toMatchObject({ pathname: '/pages/goods/index', search: '?goodsId=7' });
    history.navigate('/pages/goods/index?goodsId=8', { replace: true });
    expect(window.history.state).toMatchObject({ idx: 1 });
    expect(history.state.location.key).not.toBe(pushed.key);
    expect(updates.map((u) => [u.action, u.previous.pathname + u.previous.search])).toEqual([
      ['PUSH', '/pages/index/VanityNumber/index?promoCode=P1'],
      ['REPLACE', '/pages/goods/index?goodsId=7'],
    ]);
    stop();
  });

  it('reads back and forward as POP, with the entry it returns to', async () => {
    const history = createHashHistory();
    const start = history.state.location;
    history.navigate('/pages/user/index2');
    const updates: HistoryUpdate[] = [];
    const stop = history.subscribe((update) => updates.push(update));
    const back = popped();
    history.navigate(-1);
    await back;
    expect(history.state).toEqual({ location: start, action: 'POP' });
    expect(updates[0]?.previous.pathname).toBe('/pages/user/index2');
    stop();
  });

  it('numbers an entry it did not make (a hash typed into the address bar) after the current one', async () => {
    const history = createHashHistory();
    const stop = history.subscribe(() => {});
    history.navigate('/pages/user/index2');
    // What the browser does for a typed hash: a new entry without state, then popstate.
    window.history.pushState(null, '', '#/pages/customer/index');
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    expect(history.state.location.pathname).toBe('/pages/customer/index');
    expect(history.state.action).toBe('POP');
    expect(window.history.state).toMatchObject({ idx: 2 });
    stop();
  });
});

describe('the memory history', () => {
  it('pushes, replaces and moves within its entries', () => {
    const history = createMemoryHistory('/pages/index/index?promoCode=P1');
    history.navigate('/a');
    history.navigate('/b');
    history.navigate(-1);
    expect(history.state).toMatchObject({ location: { pathname: '/a' }, action: 'POP' });
    history.navigate('/c', { replace: true });
    expect(history.entries.map((e) => e.pathname)).toEqual(['/pages/index/index', '/c', '/b']);
    history.navigate('/d');
    expect(history.entries.map((e) => e.pathname)).toEqual(['/pages/index/index', '/c', '/d']);
    history.navigate(-5);
    expect(history.state.location).toMatchObject({ pathname: '/pages/index/index', search: '?promoCode=P1' });
  });
});
