import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { packageDetailsFixture } from '../features/iot-buy/test-fixtures';
import { layoutFixture, simFixture } from '../features/iot-core/sim-fixture';
import { detectLocale } from '../i18n';
import { iotUser } from '../i18n/sections/iot-user';
import { user } from '../i18n/sections/user';
import i18next from '../i18n/translator';
import { useCacheStore } from '../stores/cache';
import { useDictionaryStore } from '../stores/dictionary';
import { useIotStore } from '../stores/iot';
import { settle } from '../test/dom';
import { mockApi, renderRoute } from '../test/render-route';

const CARD = '89860012345678901234';

/** Opens the switch and picks a locale by its own name. */
async function choose(name: string) {
  fireEvent.click(screen.getByTestId('language-switch'));
  const options = await screen.findByTestId('language-options');
  const option = within(options)
    .getAllByText(name)
    .map((el) => el.closest<HTMLElement>('[data-testid^="language-option-"]'))
    .find(Boolean);
  if (!option) throw new Error(`no option ${name}`);
  await act(async () => {
    fireEvent.click(option);
  });
}

beforeEach(() => {
  useCacheStore.setState({ baseConfig: null, genericConfig: null });
  useIotStore.setState({ loginSns: [], simNo: '', iotIndexPopupPrevent: {}, simInfo: null });
});

describe('the language switch', () => {
  it('in the shop’s 我的: lists the five languages by their own names with the current one marked', async () => {
    mockApi({});
    renderRoute('/pages/user/index2');
    const trigger = await screen.findByTestId('language-switch');
    expect(trigger.textContent).toContain('语言');
    expect(trigger.textContent).toContain('简体中文');
    fireEvent.click(trigger);
    const options = await screen.findByTestId('language-options');
    const items = within(options).getAllByTestId(/^language-option-/);
    expect(items.map((item) => item.textContent)).toEqual(['简体中文', '繁體中文', 'English', 'Français', 'Español']);
    expect(items.map((item) => item.dataset.current)).toEqual(['1', '0', '0', '0', '0']);
    expect(items[0]?.getAttribute('aria-current')).toBe('true');
  });

  it('switches at once without fetching again, and remembers the choice for the next visit', async () => {
    useDictionaryStore.getState().setOptions({});
    const api = mockApi({});
    renderRoute('/pages/user/index2');
    await screen.findByTestId('user-menu-order');
    expect(screen.getByTestId('user-menu-order').textContent).toBe(user['zh-Hans'].menu.order);
    // What the page asks at first has been asked (the config fetches may answer from an earlier test's).
    await settle();
    const before = api.calls.length;

    await choose('English');
    expect(screen.getByTestId('user-menu-order').textContent).toBe('My orders');
    expect(screen.getByTestId('language-switch').textContent).toContain('English');
    expect(screen.getByTestId('language-switch').textContent).toContain('Language');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('shop:lang')).toBe('en');
    expect(detectLocale()).toBe('en');
    // Nothing was asked again: the page's data stays as it was shown.
    expect(api.calls.length).toBe(before);

    await choose('Español');
    expect(screen.getByTestId('user-menu-order').textContent).toBe(user.es.menu.order);
    expect(screen.getByTestId('language-switch').dataset.locale).toBe('es');
    expect(localStorage.getItem('shop:lang')).toBe('es');
    expect(api.calls.length).toBe(before);
  });

  it('in the card’s 我的: a route-loaded section and the card data follow at once, simInfo is not asked again', async () => {
    useIotStore.setState({ simNo: CARD, loginSns: [CARD] });
    const sim = simFixture({ simLayout: layoutFixture() });
    const api = mockApi({ '/api/iot/simInfo': () => sim, '/api/iot/packageDetails': () => packageDetailsFixture() });
    renderRoute('/pages-sub/iot/user/index');
    await screen.findByTestId('user-head');
    expect(screen.getByTestId('user-logout').textContent).toBe(iotUser['zh-Hans'].mine.logout);
    expect(screen.getByTestId('user-status-tag').textContent).toBe('正常');
    const simInfoCalls = api.callsTo('/api/iot/simInfo').length;

    await choose('Français');
    expect(i18next.language).toBe('fr');
    expect(screen.getByTestId('user-logout').textContent).toBe(iotUser.fr.mine.logout);
    expect(screen.getByTestId('user-status-tag').textContent).toBe('Active');
    expect(screen.getByTestId('user-card-no').textContent).toBe(CARD);
    expect(api.callsTo('/api/iot/simInfo').length).toBe(simInfoCalls);
  });

  it('on the card login, as a button with the current language’s name', async () => {
    mockApi({
      '/api/simLoginConfig': () => ({
        logo: '',
        title: '好卡商城·物联卡自助服务',
        placeholder: '请输入卡号/ICCID/设备号',
        needProtocol: 1,
        notice: '',
        kefuUrl: '',
        scanEnabled: 1,
      }),
    });
    renderRoute('/pages/iot/login/index');
    await screen.findByTestId('iot-login-form');
    expect(screen.getByTestId('iot-login-title').textContent).toBe('好卡商城·物联卡自助服务');
    expect(screen.getByTestId('language-switch').textContent).toBe('简体中文');

    await choose('English');
    expect(screen.getByTestId('language-switch').textContent).toBe('English');
    // The server's default title: the site title stays (shop content), the service's name is translated.
    expect(screen.getByTestId('iot-login-title').textContent).toBe('好卡商城·IoT card self-service');
    expect(screen.getByTestId('iot-login-simno').querySelector('input')?.placeholder).toBe(
      'Card number / ICCID / device number',
    );
    expect(screen.getByTestId('iot-login-submit').textContent).toBe('Log in');
  });
});
