/**
 * 收货地址 and 编辑地址 (SCREENS §4 details/selectAddress/*): picking for 确认订单 (iotSimAddressId, back to
 * selectAddressBackPath), managing (set default, delete), the 20 limit, the form's checks and what it
 * saves, and the empty and error states.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addressFixture, goodsFixture, MALL_CARD } from '../../../../../features/iot-mall/test-fixtures';
import { useIotStore } from '../../../../../stores/iot';
import { useMiniUsersStore } from '../../../../../stores/mini-users';
import { dialogButtons, expectToast } from '../../../../../test/dom';
import { pickRegion } from '../../../../../test/regions';
import { Fail, locationOf, mockApi, renderRoute } from '../../../../../test/render-route';

const LIST = '/pages-sub/iot/integralShop/details/selectAddress/index';
const EDIT = '/pages-sub/iot/integralShop/details/selectAddress/edit';
const PAYMENT = '/pages-sub/iot/integralShop/details/payment?goodsId=1&quantity=1';

beforeEach(() => {
  useIotStore.setState({ loginSns: [MALL_CARD], simNo: MALL_CARD, iotIndexPopupPrevent: {}, simInfo: null });
  useMiniUsersStore.getState().patchMiniUser('wx', { iotSimAddressId: 0, selectAddressBackPath: '' });
});

const REGIONS = {
  '0': [{ code: '440000', name: '广东省', level: 1 }],
  '440000': [{ code: '440100', name: '广州市', level: 2 }],
  '440100': [
    { code: '440103', name: '荔湾区', level: 3 },
    { code: '440106', name: '天河区', level: 3 },
  ],
};

describe('收货地址', () => {
  it('opened from 确认订单: a tap picks the address and goes back there', async () => {
    mockApi({
      '/api/iot/simAddressList': () => [
        addressFixture({ id: 7 }),
        addressFixture({ id: 8, isDefault: 0, name: '李四' }),
      ],
      '/api/iot/integralShopGoodsDetails': () => goodsFixture(),
    });
    const { router } = renderRoute(PAYMENT);
    await screen.findByTestId('confirm-address');
    fireEvent.click(screen.getByTestId('confirm-address'));
    await screen.findByTestId('address-list');
    expect(screen.getByTestId('page-title').textContent).toContain('收货地址');
    const second = screen.getByTestId('address-8');
    expect(screen.getByTestId('address-7').textContent).toContain('默认');
    fireEvent.click(within(second).getByTestId('address-pick'));
    await waitFor(() => expect(locationOf(router)).toBe(PAYMENT));
    expect(useMiniUsersStore.getState().wx).toMatchObject({ iotSimAddressId: 8, selectAddressBackPath: '' });
    await waitFor(() => expect(screen.getByTestId('confirm-address').dataset.addressId).toBe('8'));
  });

  it('opened directly with a way back stored: goes there (replacing the list)', async () => {
    useMiniUsersStore.getState().patchMiniUser('wx', { selectAddressBackPath: PAYMENT });
    mockApi({
      '/api/iot/simAddressList': () => [addressFixture({ id: 7 })],
      '/api/iot/integralShopGoodsDetails': () => goodsFixture(),
    });
    const { router } = renderRoute(LIST);
    fireEvent.click(within(await screen.findByTestId('address-7')).getByTestId('address-pick'));
    await waitFor(() => expect(locationOf(router)).toBe(PAYMENT));
  });

  it('managing: a tap edits; 设为默认 and 删除 (after confirming) refresh the list', async () => {
    let list = [addressFixture({ id: 7 }), addressFixture({ id: 8, isDefault: 0, name: '李四' })];
    const api = mockApi({
      '/api/iot/simAddressList': () => list,
      '/api/iot/setDefaultSimAddress': () => {
        list = list.map((a) => ({ ...a, isDefault: a.id === 8 ? 1 : 0 }) as typeof a);
        return null;
      },
      '/api/iot/delSimAddress': () => {
        list = list.filter((a) => a.id !== 7);
        return null;
      },
    });
    const { router } = renderRoute(LIST);
    const second = await screen.findByTestId('address-8');
    fireEvent.click(within(second).getByTestId('address-set-default'));
    await expectToast('已设为默认地址');
    expect(api.callsTo('/api/iot/setDefaultSimAddress')[0]?.body).toEqual({ id: 8 });
    await waitFor(() => expect(within(screen.getByTestId('address-8')).queryByTestId('address-default')).toBeTruthy());

    fireEvent.click(within(screen.getByTestId('address-7')).getByTestId('address-delete'));
    await waitFor(() => expect(dialogButtons()).toHaveLength(2));
    fireEvent.click(screen.getByText('确定'));
    await waitFor(() => expect(screen.queryByTestId('address-7')).toBeNull());
    expect(api.callsTo('/api/iot/delSimAddress')[0]?.body).toEqual({ id: 7 });

    fireEvent.click(within(screen.getByTestId('address-8')).getByTestId('address-pick'));
    await waitFor(() => expect(locationOf(router)).toBe(`${EDIT}?id=8`));
  });

  it('empty: 暂无收货地址 with 新增地址; at 20 addresses 新增地址 is disabled', async () => {
    let list = [] as ReturnType<typeof addressFixture>[];
    mockApi({ '/api/iot/simAddressList': () => list });
    const first = renderRoute(LIST);
    expect((await screen.findByTestId('page-empty-state')).textContent).toContain('暂无收货地址');
    fireEvent.click(screen.getByTestId('address-add'));
    await waitFor(() => expect(locationOf(first.router)).toBe(EDIT));
    first.unmount();

    list = Array.from({ length: 20 }, (_, i) => addressFixture({ id: i + 1, isDefault: i === 0 ? 1 : 0 }));
    renderRoute(LIST);
    await screen.findByTestId('address-20');
    expect((screen.getByTestId('address-add') as HTMLButtonElement).disabled).toBe(true);
  });

  it('error: 重新加载', async () => {
    mockApi({ '/api/iot/simAddressList': () => new Fail(-1, '服务繁忙') });
    renderRoute(LIST);
    expect((await screen.findByTestId('page-error-state')).textContent).toContain('重新加载');
  });
});

describe('编辑地址', () => {
  it('checks the form, saves a new address with the region codes and goes back', async () => {
    const api = mockApi(
      {
        '/api/iot/simAddressList': () => [],
        '/api/iot/setSimAddress': (call) => addressFixture({ id: 9, ...(call.body as object) }),
      },
      REGIONS,
    );
    const { router } = renderRoute(LIST);
    fireEvent.click(await screen.findByTestId('address-add'));
    await screen.findByTestId('address-edit-page');
    expect(screen.getByTestId('page-title').textContent).toContain('编辑地址');
    const input = (id: string) => screen.getByTestId(id).querySelector('input, textarea') as HTMLInputElement;

    fireEvent.click(screen.getByTestId('address-save'));
    await expectToast('请输入2-20位收货人姓名');
    fireEvent.change(input('address-name'), { target: { value: '王五' } });
    fireEvent.change(input('address-mobile'), { target: { value: '2380013800' } });
    fireEvent.click(screen.getByTestId('address-save'));
    await expectToast('请输入正确的手机号');
    fireEvent.change(input('address-mobile'), { target: { value: '138-0013-8000' } });
    expect(input('address-mobile').value).toBe('13800138000');
    fireEvent.click(screen.getByTestId('address-save'));
    await expectToast('请选择所在地区');

    await pickRegion(['440000', '440100', '440103'], '广东省 广州市 荔湾区');
    fireEvent.change(input('address-detail'), { target: { value: '短' } });
    fireEvent.click(screen.getByTestId('address-save'));
    await expectToast('详细地址需5-100个字');
    fireEvent.change(input('address-detail'), { target: { value: '天河路 385 号 1201 室' } });
    fireEvent.click(screen.getByTestId('address-save'));
    await waitFor(() => expect(api.callsTo('/api/iot/setSimAddress')).toHaveLength(1));
    const body = api.callsTo('/api/iot/setSimAddress')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: '王五', mobile: '13800138000', detail: '天河路 385 号 1201 室', isDefault: 0 });
    expect(body).not.toHaveProperty('id');
    expect(body).toMatchObject({ provinceCode: '440000', cityCode: '440100', countyCode: '440103' });
    await waitFor(() => expect(locationOf(router)).toBe(LIST));
  });

  it('edits an address: fields filled, saved with its id; 删除地址 after confirming', async () => {
    const api = mockApi(
      {
        '/api/iot/simAddressList': () => [addressFixture({ id: 7, isDefault: 0 })],
        '/api/iot/setSimAddress': (call) => addressFixture({ ...(call.body as object) }),
        '/api/iot/delSimAddress': () => null,
      },
      REGIONS,
    );
    renderRoute(`${EDIT}?id=7`);
    await screen.findByTestId('address-edit-page');
    const input = (id: string) => screen.getByTestId(id).querySelector('input, textarea') as HTMLInputElement;
    expect(input('address-name').value).toBe('张三');
    expect(screen.getByTestId('region-field').textContent).toBe('广东省 广州市 天河区');
    fireEvent.click(screen.getByTestId('address-default-switch'));
    fireEvent.click(screen.getByTestId('address-save'));
    await waitFor(() => expect(api.callsTo('/api/iot/setSimAddress')).toHaveLength(1));
    expect(api.callsTo('/api/iot/setSimAddress')[0]?.body).toEqual({
      id: 7,
      name: '张三',
      mobile: '13800138000',
      provinceCode: '440000',
      cityCode: '440100',
      countyCode: '440106',
      detail: '天河路 385 号 1201 室',
      isDefault: 1,
    });
  });

  it('an address that is gone says so', async () => {
    mockApi({ '/api/iot/simAddressList': () => [] });
    renderRoute(`${EDIT}?id=99`);
    expect((await screen.findByTestId('address-missing')).textContent).toContain('地址不存在或已删除');
  });
});
