/**
 * The offline geoip gateway over the `ip2region` package, which ships its IPv4 and IPv6 databases
 * inside the package: nothing is downloaded at install or run time. The databases (≈11 MB) are read on
 * the first lookup, not at start-up.
 */
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { type GeoIpGateway, type GeoIpLocation, normaliseIp } from './geoip-gateway.js';

const require = createRequire(import.meta.url);

interface Ip2RegionResult {
  country: string;
  province: string;
  city: string;
  isp: string;
}

interface Ip2RegionSearcher {
  search(ip: string): Ip2RegionResult | null;
}

const CHINA = '中国';
export function createIp2RegionGeoIp(): GeoIpGateway {
  let searcher: Ip2RegionSearcher | null = null;
  const open = () => {
    if (!searcher) {
      const IP2Region = (require('ip2region') as { default: new () => Ip2RegionSearcher }).default;
      searcher = new IP2Region();
    }
    return searcher;
  };
  return {
    async locate(ip: string): Promise<GeoIpLocation | null> {
      const address = normaliseIp(ip);
      if (!isIP(address)) return null;
      const found = open().search(address);
      // Private and reserved ranges come back without a country; only mainland-style rows carry a province.
      if (!found || found.country !== CHINA || !found.province) return null;
      return { provinceName: found.province, cityName: found.city };
    },
  };
}
