import { describe, expect, it } from 'vitest';
import { buildUserMenu } from './user-menu';

const keys = (items: { key: string }[]) => items.map((i) => i.key);
const DEFAULT_KEYS = ['order', 'iot', 'customer', 'faq', 'payment', 'promise', 'about'];

describe('buildUserMenu', () => {
  it('without shopMenu gives the default items in order', () => {
    const items = buildUserMenu([], { simNo: '' });
    expect(keys(items)).toEqual(DEFAULT_KEYS);
    expect(items[0]).toEqual({ key: 'order', labelKey: 'user.menu.order', path: '/pages/order/index' });
    expect(items.find((i) => i.key === 'about')?.path).toBe('/pages/about/textTemplate');
  });

  it('the IoT item goes to the card login, or to the card home when a card is logged in', () => {
    expect(buildUserMenu([], { simNo: '' }).find((i) => i.key === 'iot')?.path).toBe('/pages/iot/login/index');
    expect(buildUserMenu([], { simNo: '8986001' }).find((i) => i.key === 'iot')?.path).toBe('/pages/iot/index/index');
  });

  it('switch 0 hides an item', () => {
    const items = buildUserMenu([{ key: 'iot', name: '', path: '', switch: 0 }], { simNo: '' });
    expect(keys(items)).toEqual(DEFAULT_KEYS.filter((k) => k !== 'iot'));
  });

  it('listed items come first in shopMenu order, renamed and re-pointed; the rest keep the default order', () => {
    const items = buildUserMenu(
      [
        { key: 'about', name: '品牌故事', path: '/pages/about/textTemplate?code=brand', switch: 1 },
        { key: 'customer', name: '', path: '', switch: 1 },
      ],
      { simNo: '' },
    );
    expect(keys(items)).toEqual(['about', 'customer', 'order', 'iot', 'faq', 'payment', 'promise']);
    expect(items[0]).toEqual({
      key: 'about',
      labelKey: 'user.menu.about',
      name: '品牌故事',
      path: '/pages/about/textTemplate?code=brand',
    });
    expect(items[1]).toEqual({ key: 'customer', labelKey: 'user.menu.customer', path: '/pages/customer/index' });
  });

  it('an unknown key with a name and a path adds the promoter’s own item; without a path it is ignored', () => {
    const items = buildUserMenu(
      [
        { key: 'activity', name: '夏日活动', path: '/pages-sub/single/index?pageCode=summer', switch: 1 },
        { key: 'broken', name: '坏的', path: '', switch: 1 },
        { key: 'off', name: '关闭', path: '/x', switch: 0 },
      ],
      { simNo: '' },
    );
    expect(items[0]).toEqual({ key: 'activity', name: '夏日活动', path: '/pages-sub/single/index?pageCode=summer' });
    expect(keys(items)).toEqual(['activity', ...DEFAULT_KEYS]);
  });

  it('a name that is the item’s default name in one of the languages is no renaming (the label follows the language)', () => {
    const items = buildUserMenu(
      [
        { key: 'order', name: '我的订单', path: '', switch: 1 },
        { key: 'faq', name: ' FAQ ', path: '', switch: 1 },
        { key: 'about', name: '关于好卡', path: '', switch: 1 },
      ],
      { simNo: '' },
    );
    expect(items.slice(0, 3)).toEqual([
      { key: 'order', labelKey: 'user.menu.order', path: '/pages/order/index' },
      { key: 'faq', labelKey: 'user.menu.faq', path: '/pages/customer/question/index' },
      { key: 'about', labelKey: 'user.menu.about', name: '关于好卡', path: '/pages/about/textTemplate' },
    ]);
  });
});
