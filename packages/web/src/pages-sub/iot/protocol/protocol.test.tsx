import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useIotStore } from '../../../stores/iot';
import { bodyText, toastText } from '../../../test/dom';
import { Fail, mockApi, renderRoute, type StubData } from '../../../test/render-route';

const protocol = (
  type: StubData<'/api/iot/protocol'>['type'],
  title: string,
  content = '<p>第一条</p>',
): StubData<'/api/iot/protocol'> => ({
  type,
  title,
  content,
  updatedAt: '2026-01-02 09:30:00',
});

beforeEach(() => {
  // Agreements are public: no card is needed.
  useIotStore.setState({ loginSns: [], simNo: '', iotIndexPopupPrevent: {}, simInfo: null });
});

describe('协议', () => {
  it('shows the agreement of ?type= with its stored title in the header and its content sanitised', async () => {
    const api = mockApi({
      '/api/iot/protocol': (call) =>
        protocol(
          (call.query.type ?? '') as StubData<'/api/iot/protocol'>['type'],
          '会员服务协议',
          '<h3>一、会员权益</h3><p>权益说明</p><script>alert(1)</script>',
        ),
    });
    renderRoute('/pages-sub/iot/protocol/index?type=vip');
    await screen.findByTestId('protocol-article');
    expect(api.callsTo('/api/iot/protocol')[0]?.query).toEqual({ type: 'vip' });
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toContain('会员服务协议'));
    expect(screen.getByTestId('protocol-title').textContent).toBe('会员服务协议');
    expect(screen.getByTestId('protocol-updated').textContent).toBe('更新时间：2026-01-02 09:30:00');
    const body = screen.getByTestId('protocol-body');
    expect(body.innerHTML).toBe('<h3>一、会员权益</h3><p>权益说明</p>');
  });

  it('without ?type= shows the service agreement', async () => {
    const api = mockApi({ '/api/iot/protocol': () => protocol('service', '物联卡服务协议') });
    renderRoute('/pages-sub/iot/protocol/index');
    await screen.findByTestId('protocol-article');
    expect(api.callsTo('/api/iot/protocol')[0]?.query).toEqual({ type: 'service' });
  });

  it('an unknown type or a missing agreement: 暂无协议内容, no toast', async () => {
    const api = mockApi({ '/api/iot/protocol': () => new Fail(-1, '协议不存在') });
    const { router } = renderRoute('/pages-sub/iot/protocol/index?type=nope');
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无协议内容');
    expect(api.callsTo('/api/iot/protocol')).toHaveLength(0);

    await router.navigate('/pages-sub/iot/protocol/index?type=recharge');
    await waitFor(() => expect(api.callsTo('/api/iot/protocol')).toHaveLength(1));
    await screen.findByTestId('page-empty-state');
    expect(toastText()).toBeNull();
  });

  it('a failed load shows 重新加载, which asks again', async () => {
    let fail = true;
    const api = mockApi({
      '/api/iot/protocol': () => (fail ? new Fail(500, '') : protocol('privacy', '隐私政策')),
    });
    renderRoute('/pages-sub/iot/protocol/index?type=privacy');
    await screen.findByTestId('page-error-state');
    fail = false;
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findByTestId('protocol-article');
    expect(api.callsTo('/api/iot/protocol')).toHaveLength(2);
  });
});

describe('任务规则', () => {
  it('shows the taskRule agreement under the route title', async () => {
    const api = mockApi({ '/api/iot/protocol': () => protocol('taskRule', '任务规则', '<p>每天可签到一次</p>') });
    renderRoute('/pages-sub/iot/protocol/taskRule');
    await screen.findByTestId('protocol-article');
    expect(api.callsTo('/api/iot/protocol')[0]?.query).toEqual({ type: 'taskRule' });
    expect(screen.getByTestId('page-title').textContent).toContain('任务规则');
    expect(bodyText()).toContain('每天可签到一次');
  });

  it('empty content: 暂无协议内容', async () => {
    mockApi({ '/api/iot/protocol': () => protocol('taskRule', '任务规则', '  ') });
    renderRoute('/pages-sub/iot/protocol/taskRule');
    await screen.findByTestId('page-empty-state');
    expect(bodyText()).toContain('暂无协议内容');
  });
});
