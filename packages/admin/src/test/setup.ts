/** Console test setup: Simplified Chinese, and a clean slate after every test (language, DOM, storage, stubs). */
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, expect, vi } from 'vitest';
import { initI18n, setLocale } from '../i18n';
import { setCsrfToken } from '../platform/request';
import { takeStubBreaches } from './stub-check';

initI18n('zh_CN');
// Waits for what the user would see; the default 1 s is lost to a busy machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(async () => {
  const breaches = takeStubBreaches();
  cleanup();
  await setLocale('zh_CN');
  document.body.innerHTML = '';
  localStorage.clear();
  setCsrfToken('');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  expect(breaches, 'mockApi stubs that break their contract (packages/contract/src/endpoints/admin*.ts)').toEqual([]);
});

afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
});
