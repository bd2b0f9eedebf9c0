/**
 * 用量提醒 (issue 25 item 1): the alert settings page (loading, error, saving, refusals, English), its
 * entries on the card home and 我的, and the unread alerts on the card home with 标为已读.
 */
import type { SimInfo } from '@haoka/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { simFixture } from '../../features/iot-core/sim-fixture';
import i18next from '../../i18n/translator';
import { useIotStore } from '../../stores/iot';
import { expectToast } from '../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../test/render-route';
import type { StubData } from '../../test/stub-check';

const PAGE = '/pages/iot/index/alerts/index';

const DEFAULTS = {
  usageThresholds: [80, 100],
  expiryDays: [7, 1],
  lowBalance: null,
  channels: { sms: false, inApp: true },
  mobile: '',
};

let cards = 0;
const card = (patch: Partial<SimInfo> = {}) =>
  simFixture({ simNo: `1440397${String(++cards).padStart(6, '0')}`, ...patch });

beforeEach(() => {
  useIotStore.setState({ loginSns: [], simNo: '', iotIndexPopupPrevent: {}, simInfo: null });
});

type Settings = Omit<typeof DEFAULTS, 'lowBalance'> & { lowBalance: string | null };

function open(settings: () => Settings | Fail, save?: (body: Record<string, unknown>) => Settings | Fail) {
  const sim = card();
  useIotStore.setState({ simNo: sim.simNo, loginSns: [sim.simNo] });
  const api = mockApi({
    '/api/iot/simInfo': () => sim,
    '/api/iot/alertSettings': (call) =>
      call.body ? (save ? save(call.body as Record<string, unknown>) : settings()) : settings(),
    '/api/iot/alertNotices': () => ({ list: [], total: 0, page: 1, pageSize: 20, unread: 0 }),
  });
  return { api, ...renderRoute(PAGE) };
}

const values = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('spinbutton')
    .map((input) => (input as HTMLInputElement).value);

describe('the alert settings page', () => {
  it('offers the defaults, and saves what the holder changed', async () => {
    let saved: Record<string, unknown> | undefined;
    const { api } = open(
      () => DEFAULTS,
      (body) => {
        saved = body;
        return { ...DEFAULTS, usageThresholds: [50, 100], lowBalance: '10.00' };
      },
    );
    await screen.findByTestId('alerts-usage');
    expect(values('alerts-usage')).toEqual(['80', '100']);
    expect(values('alerts-expiry')).toEqual(['7', '1']);
    // No bound mobile: SMS cannot be chosen.
    expect((screen.getByTestId('alerts-sms') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('alerts-channels').textContent).toContain('短信（需先绑定手机号）');

    fireEvent.change(screen.getByLabelText('第1个提醒比例（%）'), { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('alerts-balance-on'));
    fireEvent.change(screen.getByLabelText('提醒金额（元）'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('alerts-save'));
    await waitFor(() => expect(api.callsTo('/api/iot/alertSettings').some((c) => c.body)).toBe(true));
    expect(saved).toEqual({
      usageThresholds: [50, 100],
      expiryDays: [7, 1],
      lowBalance: '10',
      channels: { sms: false, inApp: true },
    });
    await waitFor(() => expect((screen.getByLabelText('提醒金额（元）') as HTMLInputElement).value).toBe('10.00'));
    await expectToast('提醒设置已保存');
  });

  it('lets a card with a bound mobile choose SMS, and removes a threshold', async () => {
    let saved: Record<string, unknown> | undefined;
    open(
      () => ({ ...DEFAULTS, mobile: '138****0000' }),
      (body) => {
        saved = body;
        return { ...DEFAULTS, mobile: '138****0000', usageThresholds: [100], channels: { sms: true, inApp: true } };
      },
    );
    await screen.findByTestId('alerts-usage');
    expect(screen.getByTestId('alerts-channels').textContent).toContain('138****0000');
    fireEvent.click(screen.getByTestId('alerts-sms'));
    fireEvent.click(screen.getByRole('button', { name: '删除第1个提醒比例（%）' }));
    expect(values('alerts-usage')).toEqual(['100']);
    fireEvent.click(screen.getByTestId('alerts-save'));
    await waitFor(() => expect(saved).toMatchObject({ usageThresholds: [100], channels: { sms: true, inApp: true } }));
  });

  it('keeps what was typed when the server refuses it', async () => {
    open(
      () => DEFAULTS,
      () => new Fail(-1, '用量提醒比例需在1%到100%之间，最多3个且不重复', null, 'alertThresholdsInvalid'),
    );
    await screen.findByTestId('alerts-usage');
    fireEvent.change(screen.getByLabelText('第2个提醒比例（%）'), { target: { value: '120' } });
    fireEvent.click(screen.getByTestId('alerts-save'));
    await expectToast('用量提醒比例需在1%到100%之间，最多3个且不重复');
    expect(values('alerts-usage')).toEqual(['80', '120']);
  });

  it('shows an error with a retry when the settings cannot be loaded', async () => {
    let calls = 0;
    open(() => (++calls === 1 ? new Fail(500, '系统繁忙') : DEFAULTS));
    await screen.findByTestId('page-error-state');
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findByTestId('alerts-usage');
  });

  it('speaks English', async () => {
    await i18next.changeLanguage('en');
    try {
      open(() => DEFAULTS);
      await screen.findByTestId('alerts-usage');
      expect((screen.getByLabelText('Alert 1 (%)') as HTMLInputElement).value).toBe('80');
      expect(screen.getByTestId('iot-alerts').textContent).not.toMatch(/\p{Script=Han}/u);
    } finally {
      await i18next.changeLanguage('zh-Hans');
    }
  });
});

describe('alerts on the card home and 我的', () => {
  function openHome(path = '/pages/iot/index/index') {
    const sim = card();
    useIotStore.setState({ simNo: sim.simNo, loginSns: [sim.simNo] });
    let unread: StubData<'/api/iot/alertNotices'>['list'] = [
      {
        id: 7,
        kind: 'usage',
        threshold: 80,
        period: '2026-07-31',
        amount: null,
        read: 0,
        createdAt: '2026-07-03 10:00:00',
      },
      {
        id: 6,
        kind: 'balance',
        threshold: 1000,
        period: 'r0',
        amount: '10.00',
        read: 0,
        createdAt: '2026-07-02 10:00:00',
      },
    ];
    const api = mockApi({
      '/api/iot/simInfo': () => sim,
      '/api/iot/simHistoryLine': () => ({ type: 'day', points: [], totalFlow: 0, avgFlow: 0 }),
      '/api/iot/alertNotices': () => ({
        list: unread,
        total: unread.length,
        page: 1,
        pageSize: 5,
        unread: unread.length,
      }),
      '/api/iot/alertNoticesRead': (call) => {
        const ids = (call.body as { ids: number[] }).ids;
        unread = unread.filter((n) => !ids.includes(n.id));
        return { unread: unread.length };
      },
      '/api/iot/alertSettings': () => DEFAULTS,
    });
    return { api, ...renderRoute(path) };
  }

  it('lists the unread alerts and marks them read', async () => {
    const { api } = openHome();
    const block = await screen.findByTestId('alert-notices');
    expect(block.textContent).toContain('2条未读提醒');
    expect(screen.getAllByTestId('alert-notice').map((n) => n.textContent)).toEqual([
      '本期流量已用 80%标为已读',
      '余额已低于 ¥10.00标为已读',
    ]);
    expect(api.callsTo('/api/iot/alertNotices')[0]?.query).toMatchObject({ unreadOnly: '1' });
    fireEvent.click(screen.getAllByTestId('alert-notice-read')[0] as HTMLElement);
    await waitFor(() => expect(screen.getAllByTestId('alert-notice')).toHaveLength(1));
    expect(api.callsTo('/api/iot/alertNoticesRead').map((c) => c.body)).toEqual([{ ids: [7] }]);
    fireEvent.click(screen.getByTestId('alert-notices-all-read'));
    await waitFor(() => expect(screen.queryByTestId('alert-notices')).toBeNull());
  });

  it('opens the alert settings from the card home and from 我的', async () => {
    const { router } = openHome();
    fireEvent.click(await screen.findByTestId('iot-alerts-entry'));
    await waitFor(() => expect(locationOf(router)).toBe(PAGE));
    await screen.findByTestId('alerts-usage');

    const mine = openHome('/pages-sub/iot/user/index');
    fireEvent.click(await screen.findByTestId('user-alerts-entry'));
    await waitFor(() => expect(locationOf(mine.router)).toBe(PAGE));
  });
});
