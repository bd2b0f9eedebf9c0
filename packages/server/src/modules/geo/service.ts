/** Where the caller is: province and city of an IP as GB/T 2260 codes (API.md §2 ipLocation). */
import type { IpLocation } from '@haoka/contract';
import { type GeoIpGateway, normaliseIp } from '../../gateways/geoip/geoip-gateway.js';
import { fail } from '../../http/app-error.js';
import { citiesOf, cityDisplayName, type Region, regionByName } from '../../lib/regions.js';

export interface WarnLogger {
  warn(obj: object, msg?: string): void;
}

const ADMIN_SUFFIX = /(省|市|特别行政区|自治区)$/;

/** The province's city named by the IP database, or the municipality's own 市辖区 for 北京/上海/天津/重庆. */
function cityOf(province: Region, cityName: string): Region | undefined {
  if (!cityName) return undefined;
  const named = regionByName(cityName, 2, province.code);
  if (named) return named;
  // GB/T 2260 lists a municipality's districts under 市辖区, while the IP database names the city itself.
  if (cityName.replace(ADMIN_SUFFIX, '') === province.name.replace(ADMIN_SUFFIX, '')) return citiesOf(province.code)[0];
  return undefined;
}

export async function locateIp(geoIp: GeoIpGateway, rawIp: string, log: WarnLogger): Promise<IpLocation> {
  const ip = normaliseIp(rawIp);
  // Unknown, private and foreign addresses keep '' codes: the client then stays on 全国.
  const unknown: IpLocation = { ip, provinceCode: '', provinceName: '', cityCode: '', cityName: '' };
  let found: Awaited<ReturnType<GeoIpGateway['locate']>>;
  try {
    found = await geoIp.locate(ip);
  } catch (err) {
    log.warn({ err }, 'geoip lookup failed');
    throw fail('geoUnavailable');
  }
  const province = found ? regionByName(found.provinceName, 1) : undefined;
  if (!found || !province) return unknown;
  const city = cityOf(province, found.cityName);
  return {
    ip,
    provinceCode: province.code,
    provinceName: province.name,
    cityCode: city?.code ?? '',
    cityName: city ? cityDisplayName(city.code) : '',
  };
}
