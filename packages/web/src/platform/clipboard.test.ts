import { describe, expect, it, vi } from 'vitest';
import { expectToast } from '../test/dom';
import { copyText } from './clipboard';

function stubWriteText(impl: (text: string) => Promise<void>) {
  const writeText = vi.fn(impl);
  vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
  return writeText;
}

function stubExecCommand(result: boolean) {
  const execCommand = vi.fn((_command: string) => result);
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true, writable: true });
  return execCommand;
}

describe('copyText', () => {
  it('writes the text and toasts 复制成功', async () => {
    const writeText = stubWriteText(async () => {});
    await expect(copyText('13800138000')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('13800138000');
    await expectToast('复制成功');
  });

  it('falls back to execCommand when the clipboard API rejects, and succeeds if it copies', async () => {
    stubWriteText(async () => {
      throw new Error('denied');
    });
    const execCommand = stubExecCommand(true);
    await expect(copyText('abc')).resolves.toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
    await expectToast('复制成功');
  });

  it('toasts 复制失败，请手动复制 when both the clipboard API and execCommand fail', async () => {
    stubWriteText(async () => {
      throw new Error('denied');
    });
    stubExecCommand(false);
    await expect(copyText('abc')).resolves.toBe(false);
    await expectToast('复制失败，请手动复制');
  });
});
