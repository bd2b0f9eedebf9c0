import { ipLocation } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeoIpGateway } from '../../gateways/geoip/geoip-gateway.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t.close());

async function locate(app: TestApp, remoteAddress?: string, query = '') {
  const res = await app.app.inject({
    method: 'GET',
    url: `/api/shop/base/ipLocation${query}`,
    headers: clientHeaders(),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { code: number; message: string; data: Record<string, string> | null };
}

const UNKNOWN = { provinceCode: '', provinceName: '', cityCode: '', cityName: '' };

describe(`GET /api/shop/base/ipLocation on ${TEST_DB} (offline ip2region database)`, () => {
  it('127.0.0.1 (the test client) → empty codes', async () => {
    const body = await locate(t);
    expect(body).toEqual({ code: 0, message: 'ok', data: { ip: '127.0.0.1', ...UNKNOWN } });
    expect(ipLocation.strict().safeParse(body.data).success).toBe(true);
  });

  it.each([
    ['a private address', '192.168.1.10'],
    ['a foreign address', '8.8.8.8'],
    ['a Hong Kong address (outside GB/T 2260 here)', '203.198.0.1'],
  ])('%s → empty codes', async (_label, ip) => {
    expect((await locate(t, ip)).data).toEqual({ ip, ...UNKNOWN });
  });

  it.each([
    ['120.24.78.68', '440000', '广东省', '440300', '深圳市'],
    ['202.98.96.68', '510000', '四川省', '510100', '成都市'],
    ['113.57.0.1', '420000', '湖北省', '420100', '武汉市'],
  ])('%s → GB/T 2260 codes of its province and city', async (ip, provinceCode, provinceName, cityCode, cityName) => {
    const body = await locate(t, ip);
    expect(body).toEqual({ code: 0, message: 'ok', data: { ip, provinceCode, provinceName, cityCode, cityName } });
  });

  it.each([
    ['61.135.169.121', '110000', '北京市', '110100'],
    ['183.192.0.1', '310000', '上海市', '310100'],
  ])(
    'a municipality (%s) maps its city to the 市辖区 code, shown by the city name',
    async (ip, provinceCode, name, cityCode) => {
      expect((await locate(t, ip)).data).toEqual({ ip, provinceCode, provinceName: name, cityCode, cityName: name });
    },
  );

  it('an IPv4-mapped IPv6 peer is answered as its IPv4 address', async () => {
    expect((await locate(t, '::ffff:120.24.78.68')).data).toMatchObject({ ip: '120.24.78.68', cityCode: '440300' });
  });

  it('ignores query parameters', async () => {
    expect((await locate(t, undefined, '?ip=120.24.78.68')).data).toEqual({ ip: '127.0.0.1', ...UNKNOWN });
  });
});

describe(`ipLocation with a provider that fails or answers oddly on ${TEST_DB}`, () => {
  let answer: Awaited<ReturnType<GeoIpGateway['locate']>> | Error = null;
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({
      demo: false,
      gateways: {
        geoIp: {
          async locate() {
            if (answer instanceof Error) throw answer;
            return answer;
          },
        },
      },
    });
  });
  afterAll(() => app.close());

  it('a provider failure → -1', async () => {
    answer = new Error('provider down');
    expect(await locate(app)).toEqual({ code: -1, message: '定位服务暂不可用', reason: 'geoUnavailable', data: null });
  });

  it('a province it cannot map → empty codes', async () => {
    answer = { provinceName: '火星', cityName: '奥林匹斯' };
    expect((await locate(app)).data).toEqual({ ip: '127.0.0.1', ...UNKNOWN });
  });

  it('a known province with an unknown city keeps the province only', async () => {
    answer = { provinceName: '广东', cityName: '不存在市' };
    expect((await locate(app)).data).toEqual({
      ip: '127.0.0.1',
      provinceCode: '440000',
      provinceName: '广东省',
      cityCode: '',
      cityName: '',
    });
  });

  it('a province without a city keeps the province only', async () => {
    answer = { provinceName: '浙江省', cityName: '' };
    expect((await locate(app)).data).toMatchObject({ provinceCode: '330000', cityCode: '', cityName: '' });
  });

  it('a city is looked up within its own province only', async () => {
    answer = { provinceName: '江苏省', cityName: '深圳市' };
    expect((await locate(app)).data).toMatchObject({ provinceCode: '320000', cityCode: '' });
  });
});
