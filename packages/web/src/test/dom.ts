/** DOM helpers for the web unit tests: overlays (antd Toast and Dialog) render into document.body. */
import { waitFor } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { expect, vi } from 'vitest';

export const bodyText = (): string => document.body.textContent ?? '';

/** Real-timer pause long enough for an imperatively rendered overlay to mount. */
export function settle(ms = 100): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Closes antd-mobile's toast and dialogs and forgets them. A toast shown after a test ended (a request it
 * left running, answered late) stays antd-mobile's current one, in a container the next emptying of the
 * page removes; the next test's first toast would replace it there, out of the page, and never be seen.
 */
export function forgetOverlays(): void {
  Toast.clear();
  Dialog.clear();
}

/** The text of the toast currently shown, or null. */
export function toastText(): string | null {
  return document.body.querySelector('.adm-toast-main')?.textContent ?? null;
}

export async function expectToast(text: string): Promise<void> {
  await waitFor(() => expect(toastText()).toBe(text));
}

/** Waits for overlays to have had time to mount, then checks that neither a toast nor a dialog is shown. */
export async function expectNoOverlay(): Promise<void> {
  await settle();
  expect(toastText()).toBeNull();
  expect(document.body.querySelector('.adm-dialog')).toBeNull();
}

/** The texts of the buttons of the dialog currently shown. */
export function dialogButtons(): string[] {
  return Array.from(document.body.querySelectorAll('.adm-dialog-button'), (b) => b.textContent ?? '');
}

/**
 * happy-dom lays nothing out and its IntersectionObserver never reports. Under this, every observed
 * element reports at once that it is on screen (as a list's footer is when the list is short or scrolled
 * to its end), so the lists' next pages load. Undone after the test (setup.ts unstubs globals).
 */
export function everythingOnScreen(): void {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      readonly #report: IntersectionObserverCallback;
      #live = true;
      constructor(report: IntersectionObserverCallback) {
        this.#report = report;
      }
      observe(target: Element) {
        queueMicrotask(() => {
          if (this.#live)
            this.#report(
              [{ target, isIntersecting: true } as IntersectionObserverEntry],
              this as unknown as IntersectionObserver,
            );
        });
      }
      unobserve() {}
      disconnect() {
        this.#live = false;
      }
      takeRecords() {
        return [];
      }
    },
  );
}
