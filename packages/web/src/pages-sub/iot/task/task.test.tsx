import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { freshDay } from '../../../features/iot-buy/test-fixtures';
import { layoutFixture, simFixture } from '../../../features/iot-core/sim-fixture';
import { signFixture, taskCenterFixture, taskFixture } from '../../../features/iot-rewards/test-fixtures';
import i18next from '../../../i18n/translator';
import { useIotStore } from '../../../stores/iot';
import { bodyText, expectToast } from '../../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../../test/render-route';

const TASK = '/pages-sub/iot/task/index';
const CARD = '89860012345678901234';

const sim = simFixture({
  simNo: CARD,
  simLayout: layoutFixture({
    tabBar: {
      switch: 1,
      middleBulge: 0,
      items: [
        { text: '首页', icon: '/t/h.png', selectedIcon: '', path: '/pages/iot/index/index', switch: 1 },
        { text: '任务', icon: '/t/t.png', selectedIcon: '', path: TASK, switch: 1 },
      ],
    },
  }),
});

beforeEach(() => {
  freshDay();
  useIotStore.setState({ loginSns: [CARD], simNo: CARD, iotIndexPopupPrevent: {}, simInfo: null });
});

const row = (code: string) =>
  within(screen.getAllByTestId('task-row').find((el) => el.dataset.code === code) as HTMLElement);

describe('任务中心', () => {
  it('shows the points, the 7-day strip with today, the tasks with their buttons, and the IoT tab bar', async () => {
    mockApi({ '/api/iot/taskCenter': () => taskCenterFixture(), '/api/iot/simInfo': () => sim });
    renderRoute(TASK);
    await screen.findByTestId('sign-card');
    expect(screen.getByTestId('page-title').textContent).toContain('任务中心');
    expect(screen.getByTestId('task-integral').textContent).toBe('320');
    expect(screen.getByTestId('sign-continuous').textContent).toBe('已连续签到 2 天');
    const days = screen.getAllByTestId('sign-day');
    expect(days).toHaveLength(7);
    expect(days.map((d) => d.dataset.signed)).toEqual(['1', '1', '0', '0', '0', '0', '0']);
    expect(days[2]?.dataset.today).toBe('1');
    expect(days[2]?.textContent).toBe('+10今天');
    expect(days[6]?.textContent).toBe('+30第7天');
    expect(screen.getByTestId('sign-button').textContent).toBe('签到 +10');

    expect(row('bindPhone').getByTestId('task-reward').textContent).toBe('+20积分');
    expect(row('bindPhone').getByTestId('task-action-bindPhone').textContent).toBe('去完成');
    expect(row('realname').getByTestId('task-action-realname').textContent).toBe('领取');
    const done = row('buyPackage').getByTestId('task-action-buyPackage');
    expect(done.textContent).toBe('已完成');
    expect((done as HTMLButtonElement).disabled).toBe(true);
    expect(bodyText()).toContain('每月');
    await screen.findByTestId('iot-tab-bar');
    expect(screen.queryByTestId('sign-doubled')).toBeNull();
  });

  it('a VIP card’s strip shows the doubled points the server answers, and says why', async () => {
    const doubled = signFixture({ pointsFactor: 2, todayPoints: 20 });
    doubled.days = doubled.days.map((d) => (d.signed ? d : { ...d, points: d.points * 2 }));
    mockApi({
      '/api/iot/taskCenter': () => taskCenterFixture({ sign: doubled }),
      '/api/iot/simInfo': () => sim,
    });
    renderRoute(TASK);
    expect((await screen.findByTestId('sign-doubled')).textContent).toBe('会员积分 ×2');
    const days = screen.getAllByTestId('sign-day');
    expect(days[2]?.textContent).toBe('+20今天');
    expect(days[6]?.textContent).toBe('+60第7天');
    expect(screen.getByTestId('sign-button').textContent).toBe('签到 +20');
  });

  it('签到 signs in, toasts the points and reloads; a second tap the same day is refused by the server', async () => {
    let signed = false;
    const api = mockApi({
      '/api/iot/taskCenter': () =>
        taskCenterFixture(signed ? { integral: 330, sign: signFixture({ todaySigned: 1, continuousDays: 3 }) } : {}),
      '/api/iot/generalSignIn': () => {
        if (signed) return new Fail(-1, '今日已签到');
        signed = true;
        return { points: 10, integral: 330, continuousDays: 3 };
      },
      '/api/iot/simInfo': () => sim,
    });
    renderRoute(TASK);
    fireEvent.click(await screen.findByTestId('sign-button'));
    await expectToast('签到成功 +10积分');
    expect(api.callsTo('/api/iot/generalSignIn')[0]?.body).toEqual({ taskCode: 'sign' });
    await waitFor(() => expect(screen.getByTestId('task-integral').textContent).toBe('330'));
    expect(screen.getByTestId('sign-button').textContent).toBe('今日已签到');
    expect((screen.getByTestId('sign-button') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('sign-continuous').textContent).toBe('已连续签到 3 天');
  });

  it('领取 claims a task; a refusal is toasted and the list reloads', async () => {
    let claims = 0;
    const api = mockApi({
      '/api/iot/taskCenter': () => taskCenterFixture(),
      '/api/iot/generalSignIn': () => {
        claims += 1;
        return claims === 1 ? { points: 50, integral: 370 } : new Fail(-1, '奖励已领取');
      },
      '/api/iot/simInfo': () => sim,
    });
    renderRoute(TASK);
    await screen.findByTestId('sign-card');
    fireEvent.click(row('realname').getByTestId('task-action-realname'));
    await expectToast('领取成功 +50积分');
    expect(api.callsTo('/api/iot/generalSignIn')[0]?.body).toEqual({ taskCode: 'realname' });
    await waitFor(() => expect(api.callsTo('/api/iot/taskCenter').length).toBeGreaterThanOrEqual(2));

    fireEvent.click(row('realname').getByTestId('task-action-realname'));
    await expectToast('奖励已领取');
  });

  it('去完成 opens the task’s page, the video task opens the landscape player; links to 积分明细 and 任务规则', async () => {
    mockApi({ '/api/iot/taskCenter': () => taskCenterFixture(), '/api/iot/simInfo': () => sim });
    const { router } = renderRoute(TASK);
    await screen.findByTestId('sign-card');
    fireEvent.click(row('bindPhone').getByTestId('task-action-bindPhone'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/bindPhone/index'));

    await router.navigate(TASK);
    await screen.findByTestId('sign-card');
    fireEvent.click(row('video').getByTestId('task-action-video'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/task/landscape?taskCode=video'));

    await router.navigate(TASK);
    fireEvent.click(await screen.findByTestId('task-rules'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/protocol/taskRule'));

    await router.navigate(TASK);
    fireEvent.click(await screen.findByTestId('task-points-log'));
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/integralLog/index'));
  });

  it('shows progress for a task needing more than one step and today’s count for a repeatable one', async () => {
    mockApi({
      '/api/iot/taskCenter': () =>
        taskCenterFixture({
          tasks: [
            taskFixture({ taskCode: 'buy3', kind: 'buyPackage', target: 3, progress: 2, period: 'monthly' }),
            taskFixture({ taskCode: 'v3', kind: 'video', period: 'daily', dailyLimit: 3, claimed: 1, path: undefined }),
          ],
        }),
      '/api/iot/simInfo': () => sim,
    });
    renderRoute(TASK);
    await screen.findByTestId('sign-card');
    expect(row('buy3').getByTestId('task-progress').textContent).toBe('进度 2/3');
    expect(row('v3').getByTestId('task-claimed').textContent).toBe('今日 1/3');
  });

  it('shows a skeleton while the task center loads', async () => {
    mockApi({ '/api/iot/simInfo': () => sim });
    const answered = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url.includes('/api/iot/taskCenter') ? new Promise(() => {}) : answered(url, init),
    );
    renderRoute(TASK);
    await screen.findByTestId('page-loading-state');
    expect(screen.queryByTestId('sign-card')).toBeNull();
  });

  it('no tasks: 暂无任务; a shop without sign-in shows no strip', async () => {
    mockApi({
      '/api/iot/taskCenter': () =>
        taskCenterFixture({ tasks: [], sign: signFixture({ enabled: 0, days: [], continuousDays: 0 }) }),
      '/api/iot/simInfo': () => sim,
    });
    renderRoute(TASK);
    await screen.findByTestId('task-list');
    expect(bodyText()).toContain('暂无任务');
    expect(screen.queryByTestId('sign-card')).toBeNull();
  });

  it('a failed load shows 重新加载, which asks again', async () => {
    let fail = true;
    const api = mockApi({
      '/api/iot/taskCenter': () => (fail ? new Fail(-1, '查询失败') : taskCenterFixture()),
      '/api/iot/simInfo': () => sim,
    });
    renderRoute(TASK);
    await screen.findByTestId('page-error-state');
    fail = false;
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findByTestId('sign-card');
    expect(api.callsTo('/api/iot/taskCenter')).toHaveLength(2);
  });

  it('without a card goes to the card login with the page as redirect', async () => {
    useIotStore.setState({ simNo: '', loginSns: [] });
    mockApi({});
    const { router } = renderRoute(TASK);
    await waitFor(() => expect(locationOf(router)).toContain('/pages/iot/login/index?redirect='));
  });

  it('speaks the other locales', async () => {
    mockApi({ '/api/iot/taskCenter': () => taskCenterFixture(), '/api/iot/simInfo': () => sim });
    await i18next.changeLanguage('en');
    try {
      renderRoute(TASK);
      await screen.findByTestId('sign-card');
      expect(bodyText()).toContain('Daily check-in');
      expect(screen.getByTestId('sign-continuous').textContent).toBe('Checked in 2 days in a row');
      expect(row('bindPhone').getByTestId('task-action-bindPhone').textContent).toBe('Go');
      expect(row('realname').getByTestId('task-reward').textContent).toBe('+50 points');
    } finally {
      await i18next.changeLanguage('zh-Hans');
    }
  });
});
