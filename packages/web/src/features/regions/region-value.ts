/** A picked address region (province, city, county, GB/T 2260 codes with their names), and its label. */
export interface RegionValue {
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
  /** A city without counties stands for its own county (an order needs a county code). */
  countyCode: string;
  countyName: string;
}

/** The placeholder cities of the municipalities (北京市 市辖区 东城区 reads 北京市 东城区). */
const PLACEHOLDER_CITIES = new Set(['市辖区', '县']);

/** 广东省 深圳市 南山区; '' for none. A value pre-filled down to the city reads 广东省 深圳市. */
export function formatRegion(value: RegionValue | null | undefined): string {
  if (!value?.provinceCode) return '';
  const city = PLACEHOLDER_CITIES.has(value.cityName) ? '' : value.cityName;
  return [value.provinceName, city, value.countyName].filter(Boolean).join(' ');
}

/** True when the value names a county (or a city standing for its own county). */
export function isCompleteRegion(value: RegionValue | null | undefined): value is RegionValue {
  return Boolean(value?.provinceCode && value.cityCode && value.countyCode);
}
