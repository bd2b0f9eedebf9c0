import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshDay } from '../../../features/iot-buy/test-fixtures';
import { simFixture } from '../../../features/iot-core/sim-fixture';
import { taskCenterFixture, videoTaskFixture } from '../../../features/iot-rewards/test-fixtures';
import { useIotStore } from '../../../stores/iot';
import { bodyText, expectToast, settle, toastText } from '../../../test/dom';
import { Fail, mockApi, renderRoute } from '../../../test/render-route';

const LANDSCAPE = '/pages-sub/iot/task/landscape?taskCode=video';
const CARD = '89860012345678901234';

beforeEach(async () => {
  // The previous test's player said 观看未完成 as it was unmounted: let that toast go first.
  await settle(20);
  Toast.clear();
  document.body.innerHTML = '';
  freshDay();
  useIotStore.setState({ loginSns: [CARD], simNo: CARD, iotIndexPopupPrevent: {}, simInfo: null });
});

/** The page's <video>, with a playhead the test moves (happy-dom plays nothing). */
async function player() {
  const video = (await screen.findByTestId('task-video')) as HTMLVideoElement;
  let time = 0;
  Object.defineProperty(video, 'currentTime', {
    configurable: true,
    get: () => time,
    set: (value: number) => {
      time = value;
    },
  });
  return {
    video,
    /** Plays on to `to` seconds in steps of a quarter second, as a real playhead reports. */
    playTo(to: number) {
      while (time < to) {
        time = Math.min(to, time + 0.25);
        fireEvent.timeUpdate(video);
      }
    },
    seekTo(to: number) {
      time = to;
      fireEvent.seeking(video);
    },
    get time() {
      return time;
    },
  };
}

const claimButton = () => screen.getByTestId('video-claim') as HTMLButtonElement;

describe('视频任务', () => {
  it('starts the task on the server, counts the watched seconds and pays once watchSeconds are reached', async () => {
    const api = mockApi({
      '/api/iot/taskVideoStart': () => videoTaskFixture(),
      '/api/iot/generalSignIn': () => ({ points: 10, integral: 330 }),
      '/api/iot/simInfo': () => simFixture({ simNo: CARD }),
    });
    renderRoute(LANDSCAPE);
    const p = await player();
    expect(screen.getByTestId('page-title').textContent).toContain('视频任务');
    expect(api.callsTo('/api/iot/taskVideoStart')[0]?.body).toEqual({ taskCode: 'video' });
    expect(p.video.getAttribute('src')).toBe('/shop/static/iot/task/demo-video.mp4');
    expect(p.video.hasAttribute('controls')).toBe(false);
    expect(screen.getByTestId('video-watched').textContent).toBe('已观看 0/15 秒');
    expect(bodyText()).toContain('完整观看 15 秒可得 10 积分');
    expect(claimButton().disabled).toBe(true);

    p.playTo(14.5);
    await waitFor(() => expect(screen.getByTestId('video-watched').textContent).toBe('已观看 14/15 秒'));
    expect(claimButton().disabled).toBe(true);
    p.playTo(15.25);
    await waitFor(() => expect(claimButton().disabled).toBe(false));
    expect(screen.getByTestId('video-watched').dataset.done).toBe('1');

    fireEvent.click(claimButton());
    await expectToast('领取成功 +10积分');
    expect(api.callsTo('/api/iot/generalSignIn')[0]?.body).toEqual({ taskCode: 'video', watchSeconds: 15 });
    await waitFor(() => expect(claimButton().textContent).toBe('今日奖励已领取'));
    expect(claimButton().disabled).toBe(true);
  });

  it('puts a seek forward back to the furthest point watched and keeps the rate at 1', async () => {
    mockApi({ '/api/iot/taskVideoStart': () => videoTaskFixture(), '/api/iot/simInfo': () => simFixture() });
    renderRoute(LANDSCAPE);
    const p = await player();
    p.playTo(4);
    p.seekTo(14);
    expect(p.time).toBe(4);
    await expectToast('视频任务不支持快进');
    await waitFor(() => expect(screen.getByTestId('video-watched').textContent).toBe('已观看 4/15 秒'));
    // Going back is fine and keeps what was watched.
    p.seekTo(1);
    expect(p.time).toBe(1);
    expect(screen.getByTestId('video-watched').textContent).toBe('已观看 4/15 秒');

    p.video.playbackRate = 2;
    fireEvent(p.video, new Event('ratechange'));
    expect(p.video.playbackRate).toBe(1);
  });

  it('leaving before the reward says 观看未完成，无法获得奖励', async () => {
    mockApi({
      '/api/iot/taskVideoStart': () => videoTaskFixture(),
      '/api/iot/taskCenter': () => taskCenterFixture(),
      '/api/iot/simInfo': () => simFixture(),
    });
    const { router } = renderRoute(LANDSCAPE);
    const p = await player();
    p.playTo(6);
    await router.navigate('/pages-sub/iot/task/index');
    await expectToast('观看未完成，无法获得奖励');
  });

  it('hides its controls 3 s after the last touch and shows them again on a tap', async () => {
    mockApi({ '/api/iot/taskVideoStart': () => videoTaskFixture(), '/api/iot/simInfo': () => simFixture() });
    renderRoute(LANDSCAPE);
    await player();
    const controls = screen.getByTestId('video-controls');
    expect(controls.dataset.visible).toBe('1');
    await settle(2500);
    expect(controls.dataset.visible).toBe('1');
    await waitFor(() => expect(controls.dataset.visible).toBe('0'), { timeout: 2000 });
    fireEvent.click(screen.getByTestId('video-tap'));
    await waitFor(() => expect(controls.dataset.visible).toBe('1'));
  });

  it('today’s reward already taken: the video plays, 领取 stays off, leaving says nothing', async () => {
    mockApi({
      '/api/iot/taskVideoStart': () => videoTaskFixture({ status: 2 }),
      '/api/iot/taskCenter': () => taskCenterFixture(),
      '/api/iot/simInfo': () => simFixture(),
    });
    const { router } = renderRoute(LANDSCAPE);
    const p = await player();
    expect(claimButton().textContent).toBe('今日奖励已领取');
    p.playTo(16);
    await waitFor(() => expect(screen.getByTestId('video-watched').dataset.done).toBe('1'));
    expect(claimButton().disabled).toBe(true);
    await router.navigate('/pages-sub/iot/task/index');
    await settle(150);
    expect(toastText()).toBeNull();
  });

  it('a failed start shows 重新加载, which starts again', async () => {
    let fail = true;
    const api = mockApi({
      '/api/iot/taskVideoStart': () => (fail ? new Fail(500, '') : videoTaskFixture()),
      '/api/iot/simInfo': () => simFixture(),
    });
    renderRoute(LANDSCAPE);
    await screen.findByTestId('page-error-state');
    fail = false;
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findByTestId('task-video');
    expect(api.callsTo('/api/iot/taskVideoStart')).toHaveLength(2);
  });

  it('a task the server refuses shows its message in place; no taskCode shows 任务不存在 without asking', async () => {
    const api = mockApi({
      '/api/iot/taskVideoStart': () => new Fail(-1, '任务不存在'),
      '/api/iot/simInfo': () => simFixture(),
    });
    const { router } = renderRoute('/pages-sub/iot/task/landscape?taskCode=gone');
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('任务不存在');
    expect(toastText()).toBeNull();

    await router.navigate('/pages-sub/iot/task/landscape');
    await screen.findByTestId('page-empty-state');
    expect(api.callsTo('/api/iot/taskVideoStart')).toHaveLength(1);
  });
});
