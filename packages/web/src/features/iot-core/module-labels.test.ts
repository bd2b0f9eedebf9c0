import { describe, expect, it } from 'vitest';
import { setLocale } from '../../i18n';
import i18next from '../../i18n/translator';
import { groupLabel, isDefaultModuleName, moduleLabel, tabLabel } from './module-labels';

/** The language the labels are asked in: the active one, as the screens pass it. */
const language = () => i18next.language;

describe('layout module labels', () => {
  it('a known module keeping its default name reads the catalogue in the active locale', async () => {
    expect(moduleLabel(language(), 'menu', 'package', '套餐订购')).toBe('套餐订购');
    await setLocale('en');
    expect(moduleLabel(language(), 'menu', 'package', '套餐订购')).toBe('Buy a plan');
    expect(moduleLabel(language(), 'user', 'asset', '我的资产')).toBe('My assets');
    // The same key reads the label of its place: 网络加速 on the home grid, 加速记录 among the 我的 entries.
    expect(moduleLabel(language(), 'menu', 'accelerate', '网络加速')).toBe('Speed boost');
    expect(moduleLabel(language(), 'user', 'accelerate', '加速记录')).toBe('Speed boosts');
    await setLocale('fr');
    expect(moduleLabel(language(), 'menu', 'package', '  套餐订购 ')).toBe('Forfaits');
  });

  it('a default name in any locale or place counts as the default; an empty name too', async () => {
    await setLocale('es');
    expect(moduleLabel(language(), 'menu', 'package', '套餐訂購')).toBe('Comprar plan');
    expect(moduleLabel(language(), 'menu', 'package', 'Buy a plan')).toBe('Comprar plan');
    expect(moduleLabel(language(), 'menu', 'accelerate', '加速记录')).toBe('Acelerador');
    expect(moduleLabel(language(), 'menu', 'balance', '')).toBe('Recargar');
    expect(isDefaultModuleName('menu', 'package', '流量超市')).toBe(false);
  });

  it('a name the shop gave a module, and a module the app does not know, stay as configured', async () => {
    await setLocale('en');
    expect(moduleLabel(language(), 'menu', 'package', '流量超市')).toBe('流量超市');
    expect(moduleLabel(language(), 'menu', 'storeMap', '门店地图')).toBe('门店地图');
    expect(moduleLabel(language(), 'menu', 'storeMap', '')).toBe('storeMap');
  });

  it('a tab is known by the page it opens', async () => {
    await setLocale('en');
    expect(tabLabel(language(), '/pages/iot/index/index', '首页')).toBe('Home');
    expect(tabLabel(language(), 'pages-sub/iot/task/index?from=tab', '任务')).toBe('Tasks');
    expect(tabLabel(language(), '/pages-sub/iot/user/index', '福利社')).toBe('福利社');
    expect(tabLabel(language(), 'https://example.com/club', '会员俱乐部')).toBe('会员俱乐部');
  });

  it('menu groups: the codes and the default group names read the catalogue, other titles stay', async () => {
    await setLocale('en');
    expect(groupLabel(language(), 'business')).toBe('Card');
    expect(groupLabel(language(), '权益')).toBe('Benefits');
    expect(groupLabel(language(), '合作伙伴')).toBe('合作伙伴');
  });
});
