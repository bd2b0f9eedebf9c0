/**
 * The card's state on the card home (issue 17 must-fix 3): every stopped or limited card says why in one
 * sentence and offers the action that fixes it; the violation's prompt says the same; the real-name notice
 * is only for cards that still have to do it.
 */
import type { SimInfo } from '@haoka/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { balanceChoiceFixture, freshDay, launchFixture } from '../../features/iot-buy/test-fixtures';
import { resetPopupSession } from '../../features/iot-core/components/iot-home';
import { layoutFixture, simFixture } from '../../features/iot-core/sim-fixture';
import { browser } from '../../features/order/browser';
import i18next from '../../i18n/translator';
import { useIotStore } from '../../stores/iot';
import { bodyText, dialogButtons, settle } from '../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../test/render-route';

const HOME = '/pages/iot/index/index';
const RETURN = 'http://localhost/shop/#/pages/iot/index/index';

beforeEach(() => {
  freshDay(9);
  resetPopupSession();
  useIotStore.setState({ loginSns: [], simNo: '', iotIndexPopupPrevent: {}, simInfo: null });
});

function open(sim: SimInfo, extra: Parameters<typeof mockApi>[0] = {}) {
  useIotStore.setState({ simNo: sim.simNo, loginSns: [sim.simNo] });
  const api = mockApi({ '/api/iot/simInfo': () => sim, ...extra });
  const view = renderRoute(HOME);
  return { api, ...view };
}

const panel = async () => {
  const el = await screen.findByTestId('iot-card-state');
  return {
    condition: el.dataset.condition,
    title: screen.getByTestId('iot-card-state-title').textContent,
    text: screen.getByTestId('iot-card-state-text').textContent,
    action: screen.getByTestId('iot-card-state-action').textContent,
  };
};

const stopped = (stopReason: SimInfo['stopReason'], patch: Partial<SimInfo> = {}) =>
  simFixture({ simStatus: 3, stopReason, internetStatus: 0, onlineStatus: 0, ...patch });

describe('the card state on the card home', () => {
  it.each<[string, SimInfo, { condition: string; title: string; text: string; action: string }]>([
    [
      'arrears that stopped the card',
      stopped('arrears', { arrearsBalance: '23.50', useFlow: 10240 }),
      {
        condition: 'arrears',
        title: '欠费停机',
        text: '已欠费 ¥23.50，充值后约 5 分钟复机',
        action: '一键缴费 ¥23.50',
      },
    ],
    [
      'arrears on a running card',
      simFixture({ arrearsBalance: '5.50' }),
      { condition: 'arrears', title: '账户欠费', text: '已欠费 ¥5.50，请及时缴清以免停机', action: '一键缴费 ¥5.50' },
    ],
    [
      'arrears paid, the operator not done yet',
      stopped('arrears'),
      {
        condition: 'resuming',
        title: '正在复机',
        text: '欠费已缴清，运营商正在复机，约 5 分钟后刷新查看',
        action: '刷新状态',
      },
    ],
    [
      'real-name to do',
      simFixture({ simStatus: 1, needAuth: 1, authStatus: 0 }),
      {
        condition: 'realname',
        title: '待实名认证',
        text: '根据规定，物联卡须完成实名认证后才能使用',
        action: '去实名',
      },
    ],
    [
      'stopped for real-name',
      stopped('realname', { authStatus: 0 }),
      {
        condition: 'realname',
        title: '待实名认证',
        text: '该卡因未完成实名认证已停机，认证后约 5–30 分钟恢复',
        action: '去实名',
      },
    ],
    [
      'real-name under review',
      simFixture({ simStatus: 1, needAuth: 1, authStatus: 2 }),
      {
        condition: 'realnameReview',
        title: '实名审核中',
        text: '实名认证正在审核，通过后即可使用',
        action: '查看进度',
      },
    ],
    [
      'the package expired',
      stopped('packageExpired', { totalFlow: 0, useFlow: 0 }),
      {
        condition: 'packageExpired',
        title: '套餐已到期',
        text: '套餐已到期，订购套餐后即可恢复使用',
        action: '订购套餐',
      },
    ],
    [
      'the pool used up',
      simFixture({ useFlow: 10240, surplusFlow: 0, internetStatus: 0 }),
      {
        condition: 'poolExhausted',
        title: '流量已用完',
        text: '本期流量已用完，已暂停上网；订购加油包或套餐后即可恢复',
        action: '订购加油包',
      },
    ],
    [
      'the operator’s own stop',
      stopped('operator'),
      { condition: 'operator', title: '运营商停机', text: '该卡已被运营商停机，需由客服协助处理', action: '联系客服' },
    ],
    [
      'a stop on request',
      stopped('requested'),
      {
        condition: 'requested',
        title: '已申请停机',
        text: '该卡已申请停机（报停或挂失），恢复使用请联系客服',
        action: '联系客服',
      },
    ],
    [
      'a stop without a reason',
      stopped(''),
      { condition: 'stopped', title: '已停机', text: '该卡已停机，请联系客服了解原因', action: '联系客服' },
    ],
    [
      'a device offline',
      simFixture({ sourceType: 2, deviceNo: 'DEV1', onlineStatus: 0 }),
      {
        condition: 'deviceOffline',
        title: '设备离线',
        text: '设备已离线，请确认设备已开机、电量充足且有信号',
        action: '设备管理',
      },
    ],
  ])('%s: says why and offers the fix', async (_name, sim, expected) => {
    open(sim);
    expect(await panel()).toEqual(expected);
  });

  it('a card that runs normally shows no state', async () => {
    open(simFixture());
    await screen.findByTestId('iot-head');
    await settle();
    expect(screen.queryByTestId('iot-card-state')).toBeNull();
  });

  it.each<[string, SimInfo, string]>([
    ['去实名', simFixture({ simStatus: 1, needAuth: 1, authStatus: 0 }), '/pages/iot/index/realnameAuth/index'],
    ['订购套餐', stopped('packageExpired'), '/pages/iot/index/package/index'],
    ['订购加油包', simFixture({ useFlow: 10240, surplusFlow: 0 }), '/pages/iot/index/package/index?packageType=2'],
    ['联系客服', stopped('operator'), '/pages/iot/index/customer/index'],
    ['设备管理', simFixture({ sourceType: 2, deviceNo: 'DEV1', onlineStatus: 0 }), '/pages-sub/iot/deviceManage/index'],
  ])('%s goes to the screen that fixes it', async (_label, sim, path) => {
    const { router } = open(sim, {
      '/api/iot/packageChoose': () => ({ lamps: [], lampBuys: [], needAuth: 0, list: [] }),
    });
    await panel();
    // A blocking prompt may be open over the page; the state's own button is the one tapped.
    fireEvent.click(screen.getByTestId('iot-card-state-action'));
    await waitFor(() => expect(locationOf(router)).toBe(path));
  });

  it('一键缴费 orders exactly the arrears through the normal recharge and leaves for the payment', async () => {
    vi.spyOn(browser, 'currentUrl').mockReturnValue(RETURN);
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const sim = stopped('arrears', { arrearsBalance: '23.50' });
    const { api } = open(sim, {
      '/api/iot/balanceChoose': () => balanceChoiceFixture({ arrearsBalance: '23.50', payTypes: ['alipay', 'wxpay'] }),
      '/api/iot/createBalanceOrder': () =>
        launchFixture({ payAmount: '23.50', payUrl: 'https://pay.example.com/h5?t=9' }),
    });
    await panel();
    fireEvent.click(screen.getByTestId('iot-card-state-action'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example.com/h5?t=9'));
    const body = api.callsTo('/api/iot/createBalanceOrder')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ arrears: '23.50', rechargeNo: sim.simNo, payType: 'alipay', returnUrl: RETURN });
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).not.toHaveProperty('amount');
    expect(body).not.toHaveProperty('optionId');
  });

  it('一键缴费 with arrears changed meanwhile: the server says so and the card is read again', async () => {
    vi.spyOn(browser, 'go').mockImplementation(() => {});
    let reads = 0;
    const { api } = open(stopped('arrears', { arrearsBalance: '23.50' }), {
      '/api/iot/simInfo': () => {
        reads += 1;
        return stopped('arrears', { arrearsBalance: reads > 1 ? '30.00' : '23.50' });
      },
      '/api/iot/balanceChoose': () => balanceChoiceFixture({ arrearsBalance: '30.00' }),
      '/api/iot/createBalanceOrder': () => new Fail(-1, '欠费金额已变化，请刷新后重试', { field: 'arrears' }),
    });
    await panel();
    // Past the simInfo throttle (1000 ms), as a holder reading the sentence first would be.
    vi.setSystemTime(Date.now() + 2000);
    fireEvent.click(screen.getByTestId('iot-card-state-action'));
    await waitFor(() => expect(api.callsTo('/api/iot/createBalanceOrder')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('iot-card-state-action').textContent).toBe('一键缴费 ¥30.00'));
  });

  it('刷新状态 while the operator resumes the card syncs it, and the state goes when it runs', async () => {
    const { api } = open(stopped('arrears'), {
      '/api/iot/simRefresh': () => simFixture({ simStatus: 2, stopReason: '' }),
    });
    expect((await panel()).condition).toBe('resuming');
    fireEvent.click(screen.getByTestId('iot-card-state-action'));
    await waitFor(() => expect(screen.queryByTestId('iot-card-state')).toBeNull());
    expect(api.callsTo('/api/iot/simRefresh')[0]?.body).toEqual({ force: 1 });
  });

  it('a violation: one presentation — the state and its prompt say the same and both lift it', async () => {
    const sim = stopped('violation', {
      breakRuleId: 7,
      breakTips: '检测到机卡分离使用，已限制上网',
      allowRemoveBreak: 1,
    });
    const { api } = open(sim, { '/api/iot/simRemoveBreak': () => simFixture() });
    expect(await panel()).toEqual({
      condition: 'violation',
      title: '违规限制',
      text: '确认卡片在约定设备中使用后，可一键解除限制',
      action: '解除限制',
    });
    expect(screen.getByTestId('iot-card-state-detail').textContent).toBe('检测到机卡分离使用，已限制上网');
    // The first blocking prompt is the violation's, with the same sentence and the same action.
    const prompt = await screen.findByTestId('iot-prompt');
    expect(prompt.dataset.prompt).toBe('violation');
    expect(prompt.textContent).toContain('确认卡片在约定设备中使用后，可一键解除限制');
    expect(prompt.textContent).toContain('检测到机卡分离使用，已限制上网');
    expect(dialogButtons()).toEqual(['稍后', '解除限制']);
    const lift = Array.from(document.body.querySelectorAll('.adm-dialog-button')).find(
      (b) => b.textContent === '解除限制',
    ) as HTMLElement;
    fireEvent.click(lift);
    await waitFor(() => expect(screen.queryByTestId('iot-card-state')).toBeNull());
    expect(api.callsTo('/api/iot/simRemoveBreak')[0]?.body).toEqual({ breakRuleId: 7 });
  });

  it('a violation only customer service lifts: 联系客服, in the state and the prompt', async () => {
    const { router } = open(simFixture({ breakRuleId: 9, breakTips: '', allowRemoveBreak: 0, internetStatus: 0 }));
    expect(await panel()).toMatchObject({
      condition: 'violation',
      text: '该限制需由客服处理，请联系客服',
      action: '联系客服',
    });
    await screen.findByTestId('iot-prompt');
    expect(dialogButtons()).toEqual(['稍后', '联系客服']);
    fireEvent.click(screen.getByTestId('iot-card-state-action'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/customer/index'));
  });

  it('speaks the other locales', async () => {
    await i18next.changeLanguage('en');
    try {
      open(stopped('arrears', { arrearsBalance: '23.50' }));
      expect(await panel()).toEqual({
        condition: 'arrears',
        title: 'Suspended for arrears',
        text: '¥23.50 overdue. Service resumes about 5 minutes after you pay.',
        action: 'Pay ¥23.50 now',
      });
    } finally {
      await i18next.changeLanguage('zh-Hans');
    }
  });
});

describe('the real-name notice', () => {
  const reminder = {
    switch: 1 as const,
    title: '温馨提示',
    content: '<p>物联卡须完成实名认证后使用。</p>',
    audience: 'unverified' as const,
  };

  it('a real-named card sees no real-name prompt, state or reminder, even with a stale needAuth', async () => {
    open(simFixture({ needAuth: 1, authStatus: 1, simLayout: layoutFixture({ popup: reminder }) }));
    await screen.findByTestId('iot-head');
    await settle(300);
    expect(screen.queryByTestId('iot-prompt')).toBeNull();
    expect(screen.queryByTestId('iot-popup')).toBeNull();
    expect(screen.queryByTestId('iot-card-state')).toBeNull();
    expect(bodyText()).not.toContain('实名认证后使用');
  });

  it('a card that must still do it gets one notice: its 实名 prompt in the shop’s words', async () => {
    const { router } = open(
      simFixture({ simStatus: 1, needAuth: 1, authStatus: 0, simLayout: layoutFixture({ popup: reminder }) }),
    );
    const prompt = await screen.findByTestId('iot-prompt');
    expect(prompt.dataset.prompt).toBe('realname');
    expect(prompt.textContent).toBe('物联卡须完成实名认证后使用。');
    expect(dialogButtons()).toEqual(['稍后', '去处理']);
    await settle(300);
    expect(screen.queryByTestId('iot-popup')).toBeNull();
    const go = Array.from(document.body.querySelectorAll('.adm-dialog-button')).find(
      (b) => b.textContent === '去处理',
    ) as HTMLElement;
    fireEvent.click(go);
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/realnameAuth/index'));
  });

  it('a card not real-named that is not asked to sees the reminder as the shop’s popup', async () => {
    open(simFixture({ needAuth: 0, authStatus: 0, simLayout: layoutFixture({ popup: reminder }) }));
    await waitFor(() =>
      expect(document.querySelector('[data-testid="iot-popup"]')?.textContent).toBe('物联卡须完成实名认证后使用。'),
    );
  });
});
