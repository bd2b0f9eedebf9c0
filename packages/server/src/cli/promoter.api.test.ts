import { ErrorCode } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, fixture, inputFiles } from '../test/cli.js';
import { clientHeaders, createTestApp, TEST_DB, type TestApp } from '../test/harness.js';

const file = inputFiles('promoter');

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ demoNumbers: 0 });
});
afterAll(() => t.close());

async function baseConfig(promoCode: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/hk/baseConfig?promoCode=${promoCode}`,
    headers: clientHeaders(),
  });
  return res.json();
}

/** The operator's guide's example: a promoter with its own name, title and logo. */
const ADD_ACME = [
  'promoter',
  'add',
  'acme',
  '--name',
  'Acme 通信',
  '--title',
  'Acme 靓号商城',
  '--logo',
  fixture('logo.png'),
];

describe(`promoter on ${TEST_DB}`, () => {
  it('creates a promoter whose shop shows its own title and logo', async () => {
    const run = await cli(t, ...ADD_ACME);
    expect(run).toMatchObject({ code: 0, out: 'acme: created\n' });
    const body = await baseConfig('acme');
    expect(body.code).toBe(ErrorCode.OK);
    expect(body.data).toMatchObject({ promoCode: 'acme', promoName: 'Acme 通信', front: { title: 'Acme 靓号商城' } });
    expect(body.data.front.logo).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  });

  it('records its saves in the audit log as the CLI', async () => {
    const lines = await t.database.handle.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'staff_id'])
      .where('target', '=', 'promoter:acme')
      .execute();
    expect(lines).toEqual([{ actor: 'cli', action: 'promoter.create', staff_id: null }]);
  });

  it('add again changes nothing; update applies a settings file; options win over the file', async () => {
    const again = await cli(t, ...ADD_ACME);
    expect(again).toMatchObject({ code: 0, out: 'acme: unchanged\n' });
    const run = await cli(t, 'promoter', 'update', 'acme', '--file', fixture('promoter.json'), '--first-group', '1');
    expect(run).toMatchObject({ code: 0, out: 'acme: updated\n' });
    const { data } = await baseConfig('acme');
    expect(data.front).toMatchObject({
      title: 'Acme 靓号商城',
      logo: 'https://cdn.example.com/acme/logo.png',
      indexCarousel: [{ image: 'https://cdn.example.com/acme/banner-1.jpg', path: '/pages/number/index' }],
      kefuUrl: 'https://work.weixin.qq.com/kfid/acme',
      kefuMobile: '400-123-4567',
      shopTemplate: 2,
      indexFirstGroup: 1,
    });
    expect(data.shopMenu).toEqual([{ key: 'number', name: '选号', path: '/pages/number/index', switch: 1 }]);
    expect(data.showPaymentType).toEqual(['wxpay']);
    const shown = await cli(t, 'promoter', 'show', 'acme');
    expect(JSON.parse(shown.out)).toMatchObject({ promoCode: 'acme', front: { title: 'Acme 靓号商城' } });
  });

  it('refuses bad input with exit 2 and changes nothing', async () => {
    const before = await baseConfig('acme');
    const cases = [
      ['promoter', 'add', 'acme', '--template', '3'],
      ['promoter', 'add', 'bad code!'],
      ['promoter', 'add', 'acme', '--logo', file('logo.bmp', 'BM')],
      ['promoter', 'add', 'acme', '--logo', file('big.png', Buffer.alloc(70 * 1024))],
      ['promoter', 'add', 'acme', '--logo', fixture('no-such-file.png')],
      ['promoter', 'add', 'acme', '--colour', 'red'],
      ['promoter', 'update', 'acme', '--file', file('unknown.json', '{"front": {"titel": "x"}}')],
      ['promoter', 'update', 'acme', '--file', file('bad.json', '{"front": {"shopTemplate": 3}}')],
      ['promoter', 'update', 'acme', '--file', file('broken.json', '{')],
      ['promoter', 'remove', 'acme'],
    ];
    for (const argv of cases) {
      const run = await cli(t, ...argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.err).toContain('Usage: haoka promoter');
    }
    expect(await baseConfig('acme')).toEqual(before);
  });

  it('update of an unknown promoter fails with exit 1', async () => {
    const run = await cli(t, 'promoter', 'update', 'nobody', '--title', 'x');
    expect(run.code).toBe(1);
    expect(run.err).toContain('nobody');
    expect((await baseConfig('nobody')).code).not.toBe(ErrorCode.OK);
  });

  it('--default moves the default shop, --disable closes a shop', async () => {
    expect((await cli(t, 'promoter', 'add', 'acme', '--default')).code).toBe(0);
    const res = await t.app.inject({ method: 'GET', url: '/api/hk/baseConfig', headers: clientHeaders() });
    expect(res.json().data.promoCode).toBe('acme');
    expect((await cli(t, 'promoter', 'add', 'acme', '--disable')).code).toBe(1);
    expect((await cli(t, 'promoter', 'add', 'demo', '--default')).code).toBe(0);
    expect((await cli(t, 'promoter', 'update', 'acme', '--disable')).code).toBe(0);
    expect((await baseConfig('acme')).code).not.toBe(ErrorCode.OK);
  });
});
