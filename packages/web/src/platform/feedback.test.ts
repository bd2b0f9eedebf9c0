import { describe, expect, it } from 'vitest';
import { dialogButtons, expectToast, toastText } from '../test/dom';
import { hideLoading, showLoading, showModal, showToast } from './feedback';

describe('feedback before and after its components load', () => {
  it('feedback given while Toast and Dialog load shows once they are there, in the order it was given', async () => {
    // The first calls of this file: the components are not loaded yet.
    showLoading();
    hideLoading();
    showToast('保存成功');
    await expectToast('保存成功');
  });

  it('once loaded, a toast shows as before and a modal answers the tap', async () => {
    showLoading('处理中');
    await expectToast('处理中');
    hideLoading();
    // The toast leaves with its closing animation, which a loaded machine draws late.
    await expect.poll(() => toastText()).toBeNull();
    const answer = showModal({ content: '确定取消订单吗？' });
    await expect.poll(() => dialogButtons()).toEqual(['取消', '确定']);
    (document.body.querySelectorAll('.adm-dialog-button')[1] as HTMLElement).click();
    expect(await answer).toBe(true);
  });
});
