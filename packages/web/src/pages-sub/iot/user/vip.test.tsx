import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useIotStore } from '../../../stores/iot';
import { locationOf, mockApi, renderRoute } from '../../../test/render-route';

const CARD = '89860012345678901234';

beforeEach(() => {
  useIotStore.setState({ loginSns: [CARD], simNo: CARD, iotIndexPopupPrevent: {}, simInfo: null });
});

describe('会员卡片 (direct)', () => {
  it('replaces itself with the member centre, keeping the query', async () => {
    mockApi({});
    const { router } = renderRoute('/pages-sub/iot/user/vip?from=banner');
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/vip/index?from=banner'));
    await screen.findByTestId('page-title');
  });

  it('the short alias opens it too', async () => {
    mockApi({});
    const { router } = renderRoute('/pages-sub/user/vip');
    await waitFor(() => expect(locationOf(router)).toBe('/pages-sub/iot/vip/index'));
  });
});
