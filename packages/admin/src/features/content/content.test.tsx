/** The promoters page (branding, home banners, preview) and the card layouts page, on stubbed answers. */
import type { AdminLayout, AdminPromoter, AdminPromoterRow, SimLayout } from '@haoka/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, meOf, mockApi, renderConsole } from '../../test/render-console';

const NOW = 1_790_000_000_000;
const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, pageSize: 20 });
const OLD_BANNER = `/media/${'a'.repeat(64)}.png`;
const NEW_BANNER = `/media/${'b'.repeat(64)}.jpg`;

const row: AdminPromoterRow = {
  code: 'demo',
  name: '演示店铺',
  isAgent: 0,
  parentCode: null,
  domain: '',
  enabled: 1,
  isDefault: 1,
  updatedAt: NOW,
};

const promoter: AdminPromoter = {
  code: 'demo',
  isDefault: 1,
  updatedAt: NOW,
  settings: {
    name: '演示店铺',
    isAgent: 0,
    parentCode: null,
    ownerMobile: null,
    domain: '',
    inviteCode: '',
    douyinMpImId: '',
    kuaishouMpImId: '',
    enabled: 1,
    front: {
      title: '好卡商城',
      keywords: 'kw',
      description: '',
      logo: '',
      indexCarousel: [{ image: OLD_BANNER, path: '/pages/number/index' }],
      bottomTips: '',
      ipcCode: '',
      kefuUrl: '',
      kefuQr: '',
      kefuMobile: '',
      followQr: '',
      shopTemplate: 1,
      fastNav: [{ name: 'Nav', icon: '/i.png', path: '/p' }],
      suggest: null,
      indexSearch: 1,
      indexFirstGroup: 1,
      showInviteRegister: 0,
    },
    shopMenu: [],
    showPaymentType: ['wxpay', 'alipay'],
  },
};

describe('promoters page', () => {
  it('edits the title and home banners (upload, reorder) and saves the whole storefront', async () => {
    const api = mockApi({
      '/api/admin/auth/me': () => meOf('operator'),
      '/api/admin/promoters/list': () => page([row]),
      '/api/admin/promoters/get': () => promoter,
      '/api/admin/media/upload': () => ({ url: NEW_BANNER, mime: 'image/jpeg', bytes: 5 }),
      '/api/admin/promoters/save': (call) => {
        const body = call.body as { settings: AdminPromoter['settings'] };
        return { result: 'updated', promoter: { ...promoter, settings: { ...promoter.settings, ...body.settings } } };
      },
    });
    renderConsole('/promoters');
    await screen.findByRole('heading', { name: '推广商' });
    const tableRow = (await screen.findByText('演示店铺')).closest('tr') as HTMLElement;
    expect(tableRow.textContent).toContain('默认店铺');
    fireEvent.click(within(tableRow).getByRole('button', { name: '编辑 demo' }));
    const drawer = await findDialog('推广商 demo');
    expect((await within(drawer).findByTitle('demo 的店铺首页预览')).getAttribute('src')).toBe(
      '/shop/#/?promoCode=demo',
    );

    fireEvent.change(await within(drawer).findByLabelText('店铺标题'), { target: { value: '春季号码节' } });
    fireEvent.click(within(drawer).getByRole('tab', { name: '首页横幅' }));
    fireEvent.click(within(drawer).getByRole('button', { name: '添加横幅' }));
    const rows = await within(drawer).findAllByTestId('banner-row');
    expect(rows).toHaveLength(2);
    const file = new File([Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 1])], 'spring.jpg', { type: 'image/jpeg' });
    fireEvent.change(rows[1]?.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [file] } });
    await waitFor(() =>
      expect((within(drawer).getByLabelText('横幅 2 图片') as HTMLInputElement).value).toBe(NEW_BANNER),
    );
    fireEvent.change(within(drawer).getByLabelText('横幅 2 链接'), { target: { value: '/pages/sim/index' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '上移第 2 项' }));

    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.callsTo('/api/admin/promoters/save')).toHaveLength(1));
    const body = api.callsTo('/api/admin/promoters/save')[0]?.body as {
      code: string;
      create: boolean;
      settings: AdminPromoter['settings'] & { isDefault?: 1 };
    };
    expect(body.code).toBe('demo');
    expect(body.create).toBe(false);
    expect(body.settings.isDefault).toBeUndefined();
    expect(body.settings.front).toMatchObject({
      title: '春季号码节',
      indexCarousel: [
        { image: NEW_BANNER, path: '/pages/sim/index' },
        { image: OLD_BANNER, path: '/pages/number/index' },
      ],
      // Fields the form does not show are sent as they were.
      keywords: 'kw',
      fastNav: [{ name: 'Nav', icon: '/i.png', path: '/p' }],
      indexSearch: 1,
    });
    expect(body.settings.showPaymentType).toEqual(['wxpay', 'alipay']);
    expect(await screen.findByText('已保存')).toBeTruthy();
  });

  it('creates a promoter with a checked code', async () => {
    const api = mockApi({
      '/api/admin/auth/me': () => meOf('owner'),
      '/api/admin/promoters/list': () => page([row]),
      '/api/admin/promoters/get': () => ({ ...promoter, code: 'spring', isDefault: 0 }),
      '/api/admin/promoters/save': () => ({
        result: 'created',
        promoter: { ...promoter, code: 'spring', isDefault: 0 },
      }),
    });
    renderConsole('/promoters');
    fireEvent.click(await screen.findByRole('button', { name: '新建推广商' }));
    const drawer = await findDialog('新建推广商');
    fireEvent.change(within(drawer).getByLabelText('编码'), { target: { value: 'bad code!' } });
    fireEvent.change(within(drawer).getByLabelText('名称'), { target: { value: 'Spring' } });
    fireEvent.change(within(drawer).getByLabelText('店铺标题'), { target: { value: 'Spring 靓号' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    expect(await within(drawer).findByText('请输入 1–32 位字母、数字、_ 或 -')).toBeTruthy();
    expect(api.callsTo('/api/admin/promoters/save')).toHaveLength(0);

    fireEvent.change(within(drawer).getByLabelText('编码'), { target: { value: 'spring' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.callsTo('/api/admin/promoters/save')).toHaveLength(1));
    expect(api.callsTo('/api/admin/promoters/save')[0]?.body).toMatchObject({
      code: 'spring',
      create: true,
      settings: { name: 'Spring', front: { title: 'Spring 靓号' } },
    });
    expect(await findDialog('推广商 spring')).toBeTruthy();
  });

  it('shows support the storefront read-only, without save or new', async () => {
    mockApi({
      '/api/admin/auth/me': () => meOf('support'),
      '/api/admin/promoters/list': () => page([row]),
      '/api/admin/promoters/get': () => promoter,
    });
    renderConsole('/promoters');
    const tableRow = (await screen.findByText('演示店铺')).closest('tr') as HTMLElement;
    expect(screen.queryByRole('button', { name: '新建推广商' })).toBeNull();
    fireEvent.click(within(tableRow).getByRole('button', { name: '编辑 demo' }));
    const drawer = await findDialog('推广商 demo');
    expect(((await within(drawer).findByLabelText('店铺标题')) as HTMLInputElement).disabled).toBe(true);
    expect(within(drawer).queryByRole('button', { name: '保存' })).toBeNull();
  });
});

const merged: SimLayout = {
  name: '号卡服务',
  logo: '',
  refreshSwitch: 1,
  packageLamp: 0,
  kefuUrl: '',
  notice: '',
  maxMenuTimes: 10,
  menus: [
    { key: 'recharge', name: '充值', icon: '/r.png', path: '/r', switch: 1 },
    { key: 'package', name: '套餐', icon: '/p.png', path: '/p', switch: 1 },
  ],
  carousels: [],
  popup: { switch: 0, title: '', content: '', audience: 'all' },
  tabBar: { switch: 0, middleBulge: 0, items: [] },
  user: { elements: [], carousels: [], maxMenuTimes: 10, service: { title: '', kefuUrl: '', mobile: '', qr: '' } },
};
const layout: AdminLayout = {
  code: 'autumn',
  stored: { menus: merged.menus, packageLamp: 0 },
  layout: merged,
  updatedAt: NOW,
};

describe('card layouts page', () => {
  it('switches a menu off, reorders, checks the advanced JSON against the schema, then saves', async () => {
    const api = mockApi({
      '/api/admin/auth/me': () => meOf('operator'),
      '/api/admin/layouts/list': () => page([{ code: 'autumn', name: '号卡服务', cards: 3, updatedAt: NOW }]),
      '/api/admin/layouts/get': () => layout,
      '/api/admin/layouts/save': () => ({ result: 'updated', layout }),
    });
    renderConsole('/layouts');
    await screen.findByRole('heading', { name: '卡片页布局' });
    const tableRow = (await screen.findByText('autumn')).closest('tr') as HTMLElement;
    expect(tableRow.textContent).toContain('3');
    fireEvent.click(within(tableRow).getByRole('button', { name: '编辑 autumn' }));
    const drawer = await findDialog('布局 autumn');
    const advanced = (await within(drawer).findByLabelText('高级设置（JSON）')) as HTMLTextAreaElement;
    expect(JSON.parse(advanced.value)).toEqual({ packageLamp: 0 });

    fireEvent.click(within(drawer).getByRole('switch', { name: '菜单 2 开启' }));
    fireEvent.click(within(drawer).getByRole('button', { name: '上移第 2 项' }));
    fireEvent.change(within(drawer).getByLabelText('公告'), { target: { value: '周日维护' } });
    fireEvent.change(advanced, { target: { value: '{"packageLamp": 2}' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    expect(await within(drawer).findByText(/packageLamp/)).toBeTruthy();
    expect(api.callsTo('/api/admin/layouts/save')).toHaveLength(0);

    fireEvent.change(advanced, { target: { value: '{"packageLamp": 1}' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.callsTo('/api/admin/layouts/save')).toHaveLength(1));
    const body = api.callsTo('/api/admin/layouts/save')[0]?.body as { code: string; layout: Partial<SimLayout> };
    expect(body.code).toBe('autumn');
    expect(body.layout).toMatchObject({ packageLamp: 1, notice: '周日维护', refreshSwitch: 1 });
    expect(body.layout.menus).toEqual([
      { key: 'package', name: '套餐', icon: '/p.png', path: '/p', switch: 0 },
      { key: 'recharge', name: '充值', icon: '/r.png', path: '/r', switch: 1 },
    ]);
  });
});
