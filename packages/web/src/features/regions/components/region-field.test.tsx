import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryClientProvider } from '../../../platform/query';
import { useCacheStore } from '../../../stores/cache';
import { mockApi } from '../../../test/render-route';
import { formatRegion, type RegionValue } from '../region-value';
import { RegionField } from './region-field';

const REGIONS = {
  '0': [
    { code: '110000', name: '北京市', level: 1 },
    { code: '440000', name: '广东省', level: 1 },
  ],
  '110000': [{ code: '110100', name: '市辖区', level: 2 }],
  '110100': [{ code: '110101', name: '东城区', level: 3 }],
  '440000': [
    { code: '440100', name: '广州市', level: 2 },
    { code: '440300', name: '深圳市', level: 2 },
  ],
  '440300': [
    { code: '440305', name: '南山区', level: 3 },
    { code: '440306', name: '宝安区', level: 3 },
  ],
};

const SHENZHEN: RegionValue = {
  provinceCode: '440000',
  provinceName: '广东省',
  cityCode: '440300',
  cityName: '深圳市',
  countyCode: '',
  countyName: '',
};

function Harness({ initial = null }: { initial?: RegionValue | null }) {
  const [value, setValue] = useState<RegionValue | null>(initial);
  return (
    <>
      <RegionField value={value} onChange={setValue} label="收货地区" />
      <output data-testid="value">{value ? JSON.stringify(value) : ''}</output>
    </>
  );
}

function renderField(initial: RegionValue | null = null) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <Harness initial={initial} />
    </QueryClientProvider>,
  );
}

const field = () => screen.getByTestId('region-field');
const value = () => JSON.parse(screen.getByTestId('value').textContent || 'null') as RegionValue | null;
const tap = async (code: string) => fireEvent.click(await screen.findByTestId(`region-node-${code}`));

describe('the region field', () => {
  it('walks province → city → county, names the field and the sheet, and gives the codes with their names', async () => {
    mockApi({}, REGIONS);
    renderField();
    expect(field().textContent).toBe('请选择省/市/区');
    expect(field().getAttribute('aria-label')).toBe('收货地区: 请选择省/市/区');
    fireEvent.click(field());
    expect(screen.getByRole('dialog', { name: '收货地区' })).toBeTruthy();
    await tap('440000');
    await tap('440300');
    // A tab steps back to the cities.
    fireEvent.click(screen.getByTestId('region-tab-1'));
    await tap('440300');
    await tap('440306');
    await waitFor(() => expect(field().textContent).toBe('广东省 深圳市 宝安区'));
    expect(value()).toEqual({ ...SHENZHEN, countyCode: '440306', countyName: '宝安区' });
  });

  it('a value pre-filled down to the city opens at its counties', async () => {
    mockApi({}, REGIONS);
    renderField(SHENZHEN);
    expect(field().textContent).toBe('广东省 深圳市');
    fireEvent.click(field());
    expect(screen.getByTestId('region-list').dataset.level).toBe('2');
    await tap('440305');
    await waitFor(() => expect(value()?.countyCode).toBe('440305'));
  });

  it('a complete value opens at its county list with its county marked', async () => {
    mockApi({}, REGIONS);
    renderField({ ...SHENZHEN, countyCode: '440305', countyName: '南山区' });
    fireEvent.click(field());
    const chosen = await screen.findByTestId('region-node-440305');
    expect(chosen.getAttribute('aria-current')).toBe('true');
    expect(screen.getByTestId('region-node-440306').getAttribute('aria-current')).toBeNull();
  });

  it('a list that fails to load offers a retry', async () => {
    useCacheStore.getState().patchFilter({ provinceCache: {} });
    const regions: Record<string, unknown> = {};
    mockApi({}, regions);
    renderField();
    fireEvent.click(field());
    const retry = await screen.findByTestId('region-retry');
    expect(retry.textContent).toBe('地区加载失败，点击重试');
    regions['0'] = REGIONS['0'];
    fireEvent.click(retry);
    await screen.findByTestId('region-node-440000');
  });

  it('reads a municipality without its placeholder city', () => {
    expect(
      formatRegion({
        provinceCode: '110000',
        provinceName: '北京市',
        cityCode: '110100',
        cityName: '市辖区',
        countyCode: '110101',
        countyName: '东城区',
      }),
    ).toBe('北京市 东城区');
    expect(formatRegion(null)).toBe('');
  });
});

/** Every source file of the app (tests excluded), as text. */
const SOURCES = import.meta.glob(['../../../**/*.{ts,tsx}', '!../../../**/*.test.{ts,tsx}', '!../../../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

describe('one region picker', () => {
  it('only features/regions reads the region files, and no form brings its own province/city/county picker', () => {
    const readers = Object.entries(SOURCES)
      .filter(([, text]) => /provinces\/\$\{/.test(text))
      .map(([path]) => path);
    expect(readers).toEqual(['../api/get-regions.ts']);
    const ownPickers = Object.entries(SOURCES)
      .filter(([, text]) => /\b(CascadePicker|CascaderView|Cascader)\b|<Picker\b/.test(text))
      .map(([path]) => path);
    expect(ownPickers).toEqual([]);
  });

  it('every address form uses it', () => {
    const forms = [
      '../../goods/components/order-form.tsx',
      '../../numbers/components/reserve-form-view.tsx',
      '../../iot-mall/components/address-edit.tsx',
    ];
    for (const form of forms) {
      expect(SOURCES[form], form).toContain("from '../../regions/components/region-field'");
      expect(SOURCES[form], form).toContain('<RegionField');
    }
  });
});
