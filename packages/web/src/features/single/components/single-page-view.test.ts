import { describe, expect, it } from 'vitest';
import { fakeRouter } from '../../../test/router';
import { goodsFixture } from '../../goods/test-goods';
import { ctaTarget } from './single-page-view';

describe('ctaTarget', () => {
  it('goes to ctaPath when set: in-app paths directly, web pages in the web view', () => {
    const router = fakeRouter();
    ctaTarget({ ctaPath: '/pages/goods/index', goods: [], blocks: [] })?.();
    expect(router.navigate).toHaveBeenLastCalledWith('/pages/goods/index', {});
    ctaTarget({ ctaPath: 'https://a.example/x', goods: [], blocks: [] })?.();
    expect(router.navigate).toHaveBeenLastCalledWith('/pages/webview/index?url=https%3A%2F%2Fa.example%2Fx', {});
  });

  it('without ctaPath goes to the page’s first goods, else the first goods of a block', () => {
    const router = fakeRouter();
    ctaTarget({ ctaPath: '', goods: [goodsFixture({ id: 3 })], blocks: [] })?.();
    expect(router.navigate).toHaveBeenLastCalledWith('/pages/goods/general/index?goodsId=3', {});
    ctaTarget({ ctaPath: '', goods: [], blocks: [{ type: 'goods', goods: [goodsFixture({ id: 9 })] }] })?.();
    expect(router.navigate).toHaveBeenLastCalledWith('/pages/goods/general/index?goodsId=9', {});
  });

  it('no CTA without a path or any goods', () => {
    expect(ctaTarget({ ctaPath: '', goods: [], blocks: [{ type: 'html', html: '<p>x</p>' }] })).toBeNull();
  });
});
