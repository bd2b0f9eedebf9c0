import type { NumberListItem } from '@haoka/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFilterStore } from '../../../features/numbers/filter/filter-store';
import { useCacheStore } from '../../../stores/cache';
import { bodyText } from '../../../test/dom';
import { locationOf, mockApi, renderRoute } from '../../../test/render-route';

const item = (id: number, number: string): NumberListItem => ({
  id,
  number,
  operatorType: 1,
  provinceCode: '440000',
  provinceName: '广东省',
  cityCode: '440300',
  cityName: '深圳市',
  price: '100.00',
  originalPrice: '150.00',
  minConsume: '59.00',
  contractMonths: 12,
  patterns: ['LUCKY8'],
  level: 2,
  status: 1,
  highlight: [[8, 11]],
});

const REGIONS = {
  '0': [
    { code: '110000', name: '北京市', level: 1 },
    { code: '440000', name: '广东省', level: 1 },
  ],
  '440000': [
    { code: '440100', name: '广州市', level: 2 },
    { code: '440300', name: '深圳市', level: 2 },
  ],
  '110000': [{ code: '110100', name: '市辖区', level: 2 }],
};

beforeEach(() => {
  useFilterStore.setState({ autoLocated: false, autoTried: false });
  useFilterStore.getState().resetFilter();
  useCacheStore.getState().patchFilter({ provinceCache: {}, indexArrange: 1 });
});

describe('VanityNumber page', () => {
  it('reads its filter from the query and sends it to numberList', async () => {
    const api = mockApi({
      '/api/shop/numberList': () => ({ list: [item(1, '13812345888')], total: 1, page: 1, pageSize: 10 }),
    });
    // A filter left in the store by the home must not be listed first.
    useFilterStore.getState().setFilter({ operatorType: 3 });
    renderRoute(
      '/pages/index/VanityNumber/index?keyword=888&position=tail&pattern=AABB,A4&priceMin=0&priceMax=100&promoCode=P1',
    );
    await screen.findByTestId('number-card');
    expect(api.callsTo('/api/shop/numberList')).toHaveLength(1);
    const query = api.callsTo('/api/shop/numberList').at(-1)?.query;
    expect(query).toMatchObject({
      keyword: '888',
      position: 'tail',
      pattern: 'AABB,A4',
      priceMin: '0',
      priceMax: '100',
      page: '1',
      pageSize: '10',
    });
    expect(screen.getByTestId('number-digits').querySelector('.hl')?.textContent).toBe('888');
    expect(screen.getByTestId('filter-more').textContent).toContain('2');
  });

  it('a filter change restarts at page 1 and is written back to the URL, other parameters kept', async () => {
    const api = mockApi({}, REGIONS);
    const { router } = renderRoute('/pages/index/VanityNumber/index?promoCode=P1');
    await screen.findByTestId('page-empty-state');
    fireEvent.click(screen.getByTestId('filter-region'));
    fireEvent.click(await screen.findByTestId('region-province-440000'));
    fireEvent.click(await screen.findByTestId('region-city-440300'));
    fireEvent.click(screen.getByTestId('region-confirm'));
    await waitFor(() =>
      expect(locationOf(router)).toBe(
        '/pages/index/VanityNumber/index?promoCode=P1&provinceCode=440000&cityCode=440300',
      ),
    );
    await waitFor(() => expect(screen.getByTestId('filter-region').textContent).toBe('深圳市'));
    const last = api.callsTo('/api/shop/numberList').at(-1)?.query;
    expect(last).toMatchObject({ provinceCode: '440000', cityCode: '440300', page: '1' });
    // The province list was fetched once and kept for the next visit.
    expect(useCacheStore.getState().filter.provinceCache['440000']).toHaveLength(2);
  });

  it('operator and segment dropdowns: a segment list filtered by operator', async () => {
    mockApi({
      '/api/dictData/options': () => ({
        operator_type: [
          { label: '中国移动', value: '1', key: '', listClass: 'primary' },
          { label: '设备(多网)', value: '99', key: '', listClass: 'primary' },
        ],
        number_segment: [
          { label: '138', value: '138', key: '1', listClass: 'default' },
          { label: '130', value: '130', key: '2', listClass: 'default' },
        ],
      }),
    });
    const { router } = renderRoute('/pages/index/VanityNumber/FilterSearch/index');
    await screen.findByTestId('filter-bar');
    fireEvent.click(screen.getByTestId('filter-operator'));
    await waitFor(() => expect(screen.queryByTestId('operator-99')).toBeNull());
    fireEvent.click(await screen.findByTestId('operator-1'));
    await waitFor(() => expect(locationOf(router)).toContain('operatorType=1'));
    fireEvent.click(screen.getByTestId('filter-segment'));
    await screen.findByTestId('segment-138');
    expect(screen.queryByTestId('segment-130')).toBeNull();
  });

  it('without the segment dictionary, the segment dropdown lists every segment in ascending order', async () => {
    mockApi({ '/api/dictData/options': () => ({ operator_type: [], number_segment: [] }) });
    renderRoute('/pages/index/VanityNumber/FilterSearch/index');
    await screen.findByTestId('filter-bar');
    fireEvent.click(screen.getByTestId('filter-segment'));
    await screen.findByTestId('segment-130');
    const listed = Array.from(screen.getByTestId('segment-options').querySelectorAll('[data-testid^="segment-1"]')).map(
      (el) => el.getAttribute('data-testid')?.slice('segment-'.length) ?? '',
    );
    expect(listed.length).toBeGreaterThan(40);
    expect(listed).toEqual([...listed].sort());
  });

  it('empty result: 暂无符合条件的号码 and 清空筛选 resets the filter', async () => {
    mockApi({});
    const { router } = renderRoute('/pages/index/VanityNumber/index?pattern=A5&sort=priceDesc');
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无符合条件的号码');
    fireEvent.click(screen.getByTestId('clear-filter'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/index/VanityNumber/index'));
  });

  it('list ⇄ grid is saved as indexArrange', async () => {
    mockApi({
      '/api/shop/numberList': () => ({
        list: [item(1, '13812345888'), item(2, '13812345666')],
        total: 2,
        page: 1,
        pageSize: 10,
      }),
    });
    renderRoute('/pages/index/VanityNumber/index');
    await screen.findAllByTestId('number-card');
    fireEvent.click(screen.getByTestId('arrange-grid'));
    await waitFor(() => expect(screen.getByTestId('number-list').dataset.arrange).toBe('2'));
    expect(useCacheStore.getState().filter.indexArrange).toBe(2);
    expect(screen.getAllByTestId('number-card')[0]?.className).toContain('numbers-card--grid');
  });

  it('autoFilterDelivery=1 presets the region from ipLocation, with a chip that removes it', async () => {
    const api = mockApi(
      {
        '/api/shop/base/ipLocation': () => ({
          ip: '1.2.3.4',
          provinceCode: '440000',
          provinceName: '广东省',
          cityCode: '440300',
          cityName: '深圳市',
        }),
      },
      REGIONS,
    );
    const { router } = renderRoute('/pages/index/VanityNumber/index?autoFilterDelivery=1');
    await screen.findByTestId('auto-location-chip');
    await waitFor(() => expect(locationOf(router)).toContain('provinceCode=440000&cityCode=440300'));
    await waitFor(() =>
      expect(api.callsTo('/api/shop/numberList').at(-1)?.query).toMatchObject({ cityCode: '440300' }),
    );
    fireEvent.click(screen.getByTestId('auto-location-clear'));
    await waitFor(() => expect(screen.queryByTestId('auto-location-chip')).toBeNull());
    await waitFor(() => expect(locationOf(router)).toBe('/pages/index/VanityNumber/index?autoFilterDelivery=1'));
  });

  it('choosing 全国 after the automatic region keeps 全国', async () => {
    mockApi(
      {
        '/api/shop/base/ipLocation': () => ({
          ip: '1.2.3.4',
          provinceCode: '440000',
          provinceName: '广东省',
          cityCode: '440300',
          cityName: '深圳市',
        }),
      },
      REGIONS,
    );
    const { router } = renderRoute('/pages/index/VanityNumber/index?autoFilterDelivery=1');
    await screen.findByTestId('auto-location-chip');
    fireEvent.click(screen.getByTestId('filter-region'));
    fireEvent.click(await screen.findByTestId('region-nationwide'));
    fireEvent.click(screen.getByTestId('region-confirm'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/index/VanityNumber/index?autoFilterDelivery=1'));
    await new Promise((r) => setTimeout(r, 100));
    expect(useFilterStore.getState().filter.provinceCode).toBe('');
    expect(screen.queryByTestId('auto-location-chip')).toBeNull();
  });

  it('an unknown location keeps 全国 and shows no chip', async () => {
    mockApi({});
    renderRoute('/pages/index/VanityNumber/index?autoFilterDelivery=1');
    await screen.findByTestId('page-empty-state');
    expect(screen.queryByTestId('auto-location-chip')).toBeNull();
    expect(useFilterStore.getState().filter.provinceCode).toBe('');
  });
});

describe('the direct popup pages', () => {
  it('fullPopup: 确定 opens VanityNumber with the region and the other filters of its query', async () => {
    mockApi({}, REGIONS);
    const { router } = renderRoute('/pages/index/VanityNumber/FilterSearch/fullPopup?pattern=AABB');
    fireEvent.click(await screen.findByTestId('region-province-110000'));
    fireEvent.click(await screen.findByTestId('region-city-110100'));
    expect(screen.getByTestId('region-city-110100').textContent).toBe('北京市');
    fireEvent.click(screen.getByTestId('region-confirm'));
    await waitFor(() =>
      expect(locationOf(router)).toBe(
        '/pages/index/VanityNumber/index?provinceCode=110000&cityCode=110100&pattern=AABB',
      ),
    );
  });

  it('morePopup: a minimum above the maximum is refused; a valid choice opens VanityNumber', async () => {
    mockApi({});
    const { router } = renderRoute('/pages/index/VanityNumber/FilterSearch/morePopup');
    await screen.findByTestId('more-filter');
    const type = (id: string, value: string) =>
      fireEvent.change(screen.getByTestId(id).querySelector('input') as HTMLInputElement, { target: { value } });
    type('more-price-min', '500');
    type('more-price-max', '1x00');
    expect((screen.getByTestId('more-price-max').querySelector('input') as HTMLInputElement).value).toBe('100');
    fireEvent.click(screen.getByTestId('more-confirm'));
    expect((await screen.findByTestId('more-price-error')).textContent).toBe('最低价不能高于最高价');
    expect(locationOf(router)).toBe('/pages/index/VanityNumber/FilterSearch/morePopup');

    fireEvent.click(screen.getByTestId('more-price-100-500'));
    fireEvent.click(screen.getByTestId('more-pattern-AABB'));
    fireEvent.click(screen.getByTestId('more-digit-4'));
    fireEvent.click(screen.getByTestId('more-sort-priceAsc'));
    fireEvent.click(screen.getByTestId('more-confirm'));
    await waitFor(() =>
      expect(locationOf(router)).toBe(
        '/pages/index/VanityNumber/index?pattern=AABB&priceMin=100&priceMax=500&excludeDigits=4&sort=priceAsc',
      ),
    );
  });

  it('menus: a category opens VanityNumber with it', async () => {
    mockApi({});
    const { router } = renderRoute('/pages/index/VanityNumber/menus');
    fireEvent.click(await screen.findByTestId('menu-tail888'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/index/VanityNumber/index?keyword=888&position=tail'));
  });
});
