import { describe, expect, it } from 'vitest';
import { normaliseIp } from './geoip-gateway.js';
import { createIp2RegionGeoIp } from './ip2region.js';

// Expected names are what the shipped ip2region database says for these well-known addresses.
const geoIp = createIp2RegionGeoIp();

describe('ip2region geoip gateway (offline database in the package)', () => {
  it.each([
    ['120.24.78.68', '广东省', '深圳市'],
    ['202.98.96.68', '四川省', '成都市'],
    ['113.57.0.1', '湖北省', '武汉市'],
    ['61.135.169.121', '北京', '北京市'],
  ])('%s → %s %s', async (ip, provinceName, cityName) => {
    expect(await geoIp.locate(ip)).toEqual({ provinceName, cityName });
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 one', async () => {
    expect(await geoIp.locate('::ffff:120.24.78.68')).toEqual({ provinceName: '广东省', cityName: '深圳市' });
  });

  it('locates a mainland IPv6 address', async () => {
    expect(await geoIp.locate('240e:47d:c20:1627:30a3:ba0d:a5e6:ec19')).toMatchObject({ provinceName: '广东省' });
  });

  it.each([
    ['loopback', '127.0.0.1'],
    ['a private network', '192.168.1.10'],
    ['another private network', '10.1.2.3'],
    ['IPv6 loopback', '::1'],
    ['a foreign address', '8.8.8.8'],
    ['not an address', 'localhost'],
    ['an empty string', ''],
  ])('%s → null', async (_label, ip) => {
    expect(await geoIp.locate(ip)).toBeNull();
  });
});

describe('normaliseIp', () => {
  it.each([
    ['::ffff:1.2.3.4', '1.2.3.4'],
    ['::FFFF:1.2.3.4', '1.2.3.4'],
    [' 1.2.3.4 ', '1.2.3.4'],
    ['2001:db8::1', '2001:db8::1'],
    ['::ffff:abcd', '::ffff:abcd'],
  ])('%s → %s', (input, output) => {
    expect(normaliseIp(input)).toBe(output);
  });
});
