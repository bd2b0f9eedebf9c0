import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshDay, packageOptionFixture } from '../../../../features/iot-buy/test-fixtures';
import { simFixture } from '../../../../features/iot-core/sim-fixture';
import { useIotStore } from '../../../../stores/iot';
import { bodyText, dialogButtons, expectToast } from '../../../../test/dom';
import { Fail, mockApi, renderRoute } from '../../../../test/render-route';

const CARD = '89860012345678901234';

beforeEach(() => {
  freshDay();
  useIotStore.setState({ loginSns: [CARD], simNo: CARD, iotIndexPopupPrevent: {}, simInfo: null });
});

const OPTIONS = [
  packageOptionFixture(),
  packageOptionFixture({ id: 4, name: '年享1000G', price: '299.00', duration: 1, durationUnit: 3, flow: 1024000 }),
];

const radioChecked = (testId: string) =>
  (screen.getByTestId(testId).querySelector('input') as HTMLInputElement).checked;

describe('自动续费', () => {
  it('shows the current package, saves another one and turns auto-renew off', async () => {
    let current = 3;
    const api = mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/iot/renewPackageOption': () => ({
        currentPackageId: current,
        renewAt: current ? '2026-12-30 00:00:00' : null,
        list: OPTIONS,
      }),
      '/api/iot/simUpdateRenewPackage': (call) => {
        current = (call.body as { packageId: number }).packageId;
        return { currentPackageId: current, renewAt: current ? '2026-12-30 00:00:00' : null };
      },
    });
    renderRoute('/pages/iot/index/setRenew/index');
    await screen.findByTestId('renew-current');
    expect(screen.getByTestId('page-title').textContent).toContain('自动续费');
    expect(screen.getByTestId('renew-current').textContent).toBe('月享100G');
    expect(screen.getByTestId('renew-at').textContent).toBe('下次续费时间 2026-12-30 00:00:00');
    expect(screen.getByTestId('renew-note').textContent).toBe('到期前1天从余额扣费，余额不足将续费失败');
    expect(radioChecked('renew-option-3')).toBe(true);
    expect(bodyText()).toContain('年享1000G');
    expect(bodyText()).toContain('¥299.00');
    expect(bodyText()).toContain('1000.00GB · 1年');
    expect(bodyText()).toContain('关闭自动续费');
    // Nothing changed yet: 保存 is disabled.
    expect((screen.getByTestId('renew-save') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('renew-volume')).toBeNull();

    fireEvent.click(screen.getByTestId('renew-option-4'));
    fireEvent.click(screen.getByTestId('renew-save'));
    await expectToast('已开启自动续费');
    expect(api.callsTo('/api/iot/simUpdateRenewPackage')[0]?.body).toEqual({ packageId: 4 });
    await waitFor(() => expect(screen.getByTestId('renew-current').textContent).toBe('年享1000G'));

    fireEvent.click(screen.getByTestId('renew-option-0'));
    fireEvent.click(screen.getByTestId('renew-save'));
    await expectToast('已关闭自动续费');
    expect(api.callsTo('/api/iot/simUpdateRenewPackage')[1]?.body).toEqual({ packageId: 0 });
    await waitFor(() => expect(screen.getByTestId('renew-current').textContent).toBe('未开启'));
    expect(screen.queryByTestId('renew-at')).toBeNull();
  });

  it('-1 (该套餐不支持自动续费) is a toast and keeps the current choice', async () => {
    mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/iot/renewPackageOption': () => ({ currentPackageId: 0, renewAt: null, list: OPTIONS }),
      '/api/iot/simUpdateRenewPackage': () => new Fail(-1, '该套餐不支持自动续费'),
    });
    renderRoute('/pages/iot/index/setRenew/index');
    await screen.findByTestId('renew-current');
    expect(screen.getByTestId('renew-current').textContent).toBe('未开启');
    expect(radioChecked('renew-option-0')).toBe(true);
    fireEvent.click(screen.getByTestId('renew-option-3'));
    fireEvent.click(screen.getByTestId('renew-save'));
    await expectToast('该套餐不支持自动续费');
    expect(screen.getByTestId('renew-current').textContent).toBe('未开启');
  });

  it('按量计费: shows use, charge and price; 关闭按量 asks, closes, shows the settled money and refreshes the card', async () => {
    const volumeSim = simFixture({
      volumePackageId: 9,
      volume: { useFlow: 1536, totalMoney: '7.50', gPrice: '5.00' },
    });
    const api = mockApi({
      '/api/iot/simInfo': () => volumeSim,
      '/api/iot/renewPackageOption': () => ({ currentPackageId: 0, renewAt: null, list: [] }),
      '/api/iot/closeVolumePackage': () => ({ volumePackageId: 0, settledMoney: '7.50' }),
      '/api/iot/simRefresh': () => simFixture({ volumePackageId: 0, volume: null, balance: '5.00' }),
    });
    renderRoute('/pages/iot/index/setRenew/index');
    await screen.findByTestId('renew-volume');
    expect(screen.getByTestId('renew-empty').textContent).toBe('暂无可自动续费的套餐');
    expect(screen.getByTestId('renew-volume-used').textContent).toBe('1.50GB');
    expect(screen.getByTestId('renew-volume-money').textContent).toBe('¥7.50');
    expect(screen.getByTestId('renew-volume-price').textContent).toBe('¥5.00/GB');

    // Cancelling the confirm sends nothing.
    fireEvent.click(screen.getByTestId('renew-volume-close'));
    await waitFor(() => expect(dialogButtons()).toEqual(['取消', '确定']));
    expect(bodyText()).toContain('关闭后将按当前用量从余额结算扣费，确定关闭吗？');
    fireEvent.click(screen.getByText('取消'));
    await waitFor(() => expect(document.body.querySelector('.adm-dialog-button')).toBeNull());
    expect(api.callsTo('/api/iot/closeVolumePackage')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('renew-volume-close'));
    await waitFor(() => expect(dialogButtons()).toEqual(['取消', '确定']));
    fireEvent.click(screen.getByText('确定'));
    await waitFor(() =>
      expect(screen.getByTestId('renew-volume-settled').textContent).toContain('已关闭按量计费，本次结算扣费 ¥7.50'),
    );
    expect(api.callsTo('/api/iot/closeVolumePackage')[0]?.body).toEqual({ volumePackageId: 9 });
    await waitFor(() => expect(useIotStore.getState().simInfo?.volumePackageId).toBe(0));
    expect(screen.queryByTestId('renew-volume')).toBeNull();
  });

  it('a failed load shows the reload state', async () => {
    mockApi({
      '/api/iot/simInfo': () => simFixture(),
      '/api/iot/renewPackageOption': () => new Fail(40001, '当前卡暂不支持自动续费'),
    });
    renderRoute('/pages/iot/index/setRenew/index');
    await expectToast('当前卡暂不支持自动续费');
    await screen.findByTestId('page-error-state');
  });
});
