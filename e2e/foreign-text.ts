/**
 * "No Chinese in English" (issue 17): the visible text of a screen, outside the page title (SPEC: shop
 * page titles are Chinese) and outside the shop's own content (containers marked `data-shop-content`:
 * the site title, goods and package names, notices, banners, region names… see docs/design.md
 * "Languages"), must hold no CJK character. Visible text is every text node the browser renders, and the
 * placeholder of every visible input.
 */
import type { Page } from 'playwright-core';

/** Han ideographs, CJK symbols and punctuation (、。「」), and the full-width forms (，：（）￥). */
export const CJK = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;

/** The visible strings of the page outside the page title and the shop's own content. */
export async function visibleTextOutsideContent(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    // The page title is the header's title (antd-mobile's NavBar title, or the header's own h1).
    const excluded = (el: Element) =>
      el.closest('[data-shop-content], .app-header .adm-nav-bar-title, .app-header h1') !== null;
    const visible = (el: Element) => {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const el = node.parentElement;
      if (!text || !el || el.closest('script, style, noscript')) continue;
      if (excluded(el) || !visible(el)) continue;
      out.push(text);
    }
    for (const input of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
      if (input.placeholder && !excluded(input) && visible(input)) out.push(input.placeholder);
    }
    return out;
  });
}

/** Fails, listing the offending strings, when the screen shows CJK outside the title and the shop's content. */
export async function expectNoCjk(page: Page, screen: string): Promise<void> {
  const offending = [...new Set((await visibleTextOutsideContent(page)).filter((text) => CJK.test(text)))];
  if (offending.length > 0) {
    throw new Error(
      `${screen} shows Chinese outside the page title and the shop's content:\n  ${offending.join('\n  ')}`,
    );
  }
}
