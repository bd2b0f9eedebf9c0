import { Toast } from 'antd-mobile';
import { describe, it } from 'vitest';
import { showToast } from '../platform/feedback';
import { expectToast, forgetOverlays } from './dom';

describe("the tests' overlays", () => {
  it("a toast shown after a test ended (a late answer's) does not swallow the next test's first toast", async () => {
    showToast('late');
    await expectToast('late');
    // What the setup does between two tests: the page is emptied, the toast's container with it…
    document.body.innerHTML = '';
    // …and antd-mobile's toast, which still holds that container, is forgotten before the next test.
    forgetOverlays();
    showToast('next');
    await expectToast('next');
    Toast.clear();
  });
});
