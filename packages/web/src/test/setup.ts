/**
 * Web unit-test setup: antd-mobile's React 19 render patch, so Toast and Dialog really mount; the
 * Simplified Chinese texts; and a clean slate after every test (language, DOM, overlays, storage, stubs,
 * timers, remembered kept query).
 */
import { cleanup, configure } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';
import { afterAll, afterEach, beforeEach, expect, vi } from 'vitest';
import { initI18n, LOCALES, loadLocale, setLocale } from '../i18n';
import { resetKeptQuery } from '../platform/navigation';
import { forgetOverlays } from './dom';
import { takeStubBreaches } from './stub-check';

unstableSetRender((node, container) => {
  const root = createRoot(container);
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

// happy-dom has no requestIdleCallback; its page is idle as soon as asked (platform/idle.ts).
window.requestIdleCallback = (callback) =>
  window.setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 50 }), 0);

await initI18n('zh-Hans');
// Every locale's catalogue at hand, so a test may switch with i18next.changeLanguage alone.
await Promise.all(LOCALES.map(loadLocale));

// `findBy…` and `waitFor` wait for what the user would see; the default of 1 s is lost to a busy machine
// (two test workers on two cores, beside the API suites' servers), and waiting longer asserts the same.
configure({ asyncUtilTimeout: 5_000 });

// A toast a previous test's late answer showed lives in a container that test's end removed: forget it,
// or this test's first toast would replace it there, out of the page (test/overlays.test.tsx).
beforeEach(forgetOverlays);

afterEach(async () => {
  // A mockApi stub whose data breaks its endpoint's contract fails the test that answered it.
  const breaches = takeStubBreaches();
  cleanup();
  // A test that switched the language leaves the next one in Simplified Chinese again.
  await setLocale('zh-Hans');
  forgetOverlays();
  // Overlays unmount after their close animation; drop their containers now so no text leaks into the next test.
  document.body.innerHTML = '';
  localStorage.clear();
  resetKeptQuery();
  window.history.replaceState(null, '');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  expect(breaches, 'mockApi stubs that break their contract (packages/contract/src/endpoints)').toEqual([]);
});

// Overlays unmount their own roots a tick after closing (above), and React finishes that work on a later
// tick still; let it run while the DOM exists, so it never runs after the file's environment is gone.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
});
