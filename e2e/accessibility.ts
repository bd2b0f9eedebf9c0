/**
 * The accessibility check of a screen, for the journeys (WCAG 2.2 AA): axe-core with its WCAG 2.0, 2.1
 * and 2.2 A and AA rules, none turned off; the target size of WCAG 2.5.8 (24×24 CSS px), which axe
 * lets pass where undersized targets are spaced apart, so here every target is at least 24×24 but a link
 * inside running text; a label for every form field, and placeholders that read at 4.5:1. A failure
 * lists each finding: rule, impact, target and what to fix.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** A target axe misjudges, left out of the scan with the reason it is a false positive. */
export interface FalsePositive {
  selector: string;
  reason: string;
}

/**
 * Waits until the screen is at rest, so colours are read as the user sees them: finite CSS and web
 * animations finished, no toast on screen (it leaves by itself), and antd-mobile's overlays (animated
 * from script, frame by frame) unchanged for a while.
 */
async function settle(page: Page): Promise<void> {
  await page.locator('.adm-toast-mask').first().waitFor({ state: 'hidden', timeout: 30_000 });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __overlayStyles?: string; __overlayQuiet?: number };
      const styles = [...document.querySelectorAll('.adm-mask, .adm-popup-body, .adm-center-popup-wrap > div')]
        .map((element) => element.getAttribute('style') ?? '')
        .join('|');
      w.__overlayQuiet = styles === w.__overlayStyles ? (w.__overlayQuiet ?? 0) + 1 : 0;
      w.__overlayStyles = styles;
      return w.__overlayQuiet >= 3;
    },
    undefined,
    { polling: 100, timeout: 30_000 },
  );
}

/**
 * False positives of every screen. A toast (antd-mobile's Toast) that shows up while axe reads the page
 * is measured mid-fade (white on a grey that is still becoming 70 % black); at rest it is white on 70 %
 * black, over 7:1 on any page. settle() lets a toast on screen go first; one that appears later is left
 * out of the scan.
 */
const ALWAYS: readonly FalsePositive[] = [{ selector: '.adm-toast-mask', reason: 'a toast mid-fade' }];

/** The serious and critical axe findings of the page as it is now, one readable block each. */
export async function axeFindings(page: Page, falsePositives: readonly FalsePositive[] = []): Promise<string[]> {
  await settle(page);
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const { selector } of [...ALWAYS, ...falsePositives]) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((node) => {
        const summary = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ').trim();
        return `${v.id} (${v.impact}) at ${node.target.join(' ')}: ${summary} [${v.help}]`;
      }),
    );
}

/** Visible targets smaller than 24×24 CSS px (WCAG 2.5.8); a link inside running text is exempt. */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const TARGETS = [
      'a[href]',
      'button',
      'input:not([type=hidden])',
      'select',
      'textarea',
      '[role=button]',
      '[role=link]',
      '[role=checkbox]',
      '[role=radio]',
      '[role=switch]',
      '[role=tab]',
      '[role=option]',
      '[role=menuitem]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(TARGETS)) {
      // Not a target: hidden, inert, or a read-only widget (a rating shown, not asked for).
      if (element.closest('[inert], [aria-hidden="true"], [aria-readonly="true"]')) continue;
      if (element.getAttribute('aria-disabled') === 'true' || element.getAttribute('aria-readonly') === 'true')
        continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.width >= 23.5 && box.height >= 23.5) continue;
      // The inline exception: a link in a sentence is as tall as the sentence's line.
      const parentText = element.parentElement?.textContent ?? '';
      if (style.display === 'inline' && parentText.trim().length > (element.textContent ?? '').trim().length) continue;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 24);
      const id = element.dataset.testid ? `[data-testid="${element.dataset.testid}"]` : '';
      const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/).join('.') : '';
      found.push(
        `target-size at ${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}${id} "${name}": ` +
          `${Math.round(box.width)}×${Math.round(box.height)} px, needs 24×24`,
      );
    }
    return found;
  });
}

/**
 * Form fields with no label of their own (WCAG 1.3.1, 3.3.2): no <label>, aria-label or aria-labelledby.
 * axe accepts a placeholder as a name; a placeholder goes away as soon as the field is typed in.
 */
export async function unlabelledFields(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>('input:not([type=hidden]), textarea, select')]
      .filter((field) => field.getClientRects().length > 0 && !field.closest('[inert], [aria-hidden="true"]'))
      .filter(
        (field) =>
          !field.getAttribute('aria-label')?.trim() &&
          !field.getAttribute('aria-labelledby') &&
          (field.labels?.length ?? 0) === 0,
      )
      .map((field) => {
        const id = field.closest<HTMLElement>('[data-testid]')?.dataset.testid;
        return `label at ${field.tagName.toLowerCase()}${id ? ` in [data-testid="${id}"]` : ''} "${field.placeholder}": no label`;
      }),
  );
}

/** Fails with the list of findings unless the screen has no serious or critical one, no small target and no unlabelled field. */
export async function expectAccessible(
  page: Page,
  screen: string,
  falsePositives: readonly FalsePositive[] = [],
): Promise<void> {
  const findings = [
    ...(await axeFindings(page, falsePositives)),
    ...(await smallTargets(page)),
    ...(await unlabelledFields(page)),
    ...(await faintPlaceholders(page)),
  ];
  if (findings.length > 0) {
    throw new Error(`${screen}: ${findings.length} accessibility finding(s)\n  - ${findings.join('\n  - ')}`);
  }
}

/**
 * In the page: the contrast ratio (WCAG 1.4.3) of an element's text (or of its `pseudo` element, e.g.
 * ::placeholder) against what is behind it: the first ancestor with a background colour, or the worst
 * stop of a gradient on the way (which axe leaves unjudged).
 */
function contrastInPage(element: Element, pseudo: string | null): number {
  const parse = (value: string): [number, number, number, number] | null => {
    const m = value.match(/rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/);
    return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
  };
  const luminance = ([r, g, b]: number[]) => {
    const [R, G, B] = [r, g, b].map((c) => {
      const s = (c ?? 0) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (R ?? 0) + 0.7152 * (G ?? 0) + 0.0722 * (B ?? 0);
  };
  const ratio = (a: number[], b: number[]) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return ((x ?? 0) + 0.05) / ((y ?? 0) + 0.05);
  };
  const text = parse(getComputedStyle(element, pseudo).color);
  if (!text) throw new Error('no text colour');
  for (let node: Element | null = element; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    const stops = [...style.backgroundImage.matchAll(/rgba?\([^)]*\)/g)]
      .map((m) => parse(m[0]))
      .filter((c) => c !== null);
    if (stops.length > 0) return Math.min(...stops.map((stop) => ratio(text, stop)));
    const background = parse(style.backgroundColor);
    if (background && background[3] >= 1) return ratio(text, background);
  }
  return ratio(text, [255, 255, 255]);
}

/** The contrast ratio of the first element matching `selector` against what is behind it. */
export async function textContrast(page: Page, selector: string): Promise<number> {
  return page.locator(selector).first().evaluate(contrastInPage, null);
}

/** Empty fields whose placeholder (their hint) reads at under 4.5:1; axe does not look at placeholders. */
export async function faintPlaceholders(page: Page): Promise<string[]> {
  const fields = page.locator('input[placeholder]:not([placeholder=""]), textarea[placeholder]:not([placeholder=""])');
  const found: string[] = [];
  for (let i = 0; i < (await fields.count()); i++) {
    const field = fields.nth(i);
    const shown = await field.evaluate(
      (element: HTMLInputElement) =>
        element.value === '' &&
        element.getClientRects().length > 0 &&
        !element.closest('[inert], [aria-hidden="true"]'),
    );
    if (!shown) continue;
    const contrast = await field.evaluate(contrastInPage, '::placeholder');
    if (contrast < 4.5) {
      found.push(
        `placeholder contrast at "${await field.getAttribute('placeholder')}": ${contrast.toFixed(2)}, needs 4.5`,
      );
    }
  }
  return found;
}
