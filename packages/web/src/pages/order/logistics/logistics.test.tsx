import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodyText, expectNoOverlay, expectToast } from '../../../test/dom';
import { Fail, mockApi, renderRoute } from '../../../test/render-route';

const SN = 'SO20260101120000654321';

describe('物流信息', () => {
  it('shows carrier, tracking number (copy), state and the traces newest first', async () => {
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText: async () => {} } as unknown as Clipboard);
    const api = mockApi({
      '/api/shop/order/logistics': () => ({
        company: '顺丰速运',
        trackingNo: 'SF1234567890',
        state: 1,
        traces: [
          { time: '2026-01-02 08:00:00', desc: '快件已揽收' },
          { time: '2026-01-03 09:30:00', desc: '快件到达深圳转运中心' },
        ],
      }),
    });
    renderRoute(`/pages/order/logistics/index?orderSn=${SN}`);
    await screen.findByTestId('logistics-head');
    expect(screen.getByTestId('page-title').textContent).toContain('物流信息');
    expect(api.callsTo('/api/shop/order/logistics')[0]?.query).toEqual({ orderSn: SN });
    expect(screen.getByTestId('logistics-company').textContent).toBe('顺丰速运');
    expect(screen.getByTestId('logistics-tracking-no').textContent).toBe('SF1234567890');
    expect(screen.getByTestId('logistics-state').textContent).toBe('运输中');
    const titles = Array.from(document.querySelectorAll('.adm-step-title'), (e) => e.textContent);
    expect(titles).toEqual(['快件到达深圳转运中心', '快件已揽收']);
    fireEvent.click(screen.getByTestId('logistics-copy'));
    await expectToast('复制成功');
  });

  it('not shipped yet (-1) shows the message in place of the content, without a toast', async () => {
    mockApi({ '/api/shop/order/logistics': () => new Fail(-1, '订单尚未发货') });
    renderRoute(`/pages/order/logistics/index?orderSn=${SN}`);
    await screen.findByTestId('logistics-refused');
    expect(bodyText()).toContain('订单尚未发货');
    await expectNoOverlay();
  });

  it('no traces yet: 暂无物流信息，请稍后再查', async () => {
    mockApi({
      '/api/shop/order/logistics': () => ({ company: '顺丰速运', trackingNo: 'SF1', state: 0, traces: [] }),
    });
    renderRoute(`/pages/order/logistics/index?orderSn=${SN}`);
    await screen.findByTestId('logistics-head');
    await waitFor(() => expect(bodyText()).toContain('暂无物流信息，请稍后再查'));
    expect(screen.getByTestId('logistics-state').textContent).toBe('暂无物流信息');
  });
});
