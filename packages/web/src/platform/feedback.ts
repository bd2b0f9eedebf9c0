/** Toast, loading, modal and dialog helpers with the SPEC's texts and durations (§8, §9). */
import { Dialog, Toast } from 'antd-mobile';
import i18next from 'i18next';

/** Toast durations are 1500–2500 ms (SPEC §9). */
export const TOAST_MS = 2000;
export const clampToastMs = (ms: number) => Math.min(2500, Math.max(1500, ms));

export function showToast(content: string, options: { icon?: 'success' | 'fail'; duration?: number } = {}): void {
  Toast.show({ content, icon: options.icon, duration: clampToastMs(options.duration ?? TOAST_MS) });
}

export function showLoading(content?: string): void {
  Toast.show({ icon: 'loading', content: content ?? i18next.t('common.loading'), duration: 0, maskClickable: false });
}

export function hideLoading(): void {
  Toast.clear();
}

export interface ModalOptions {
  title?: string;
  content: string;
  confirmText?: string;
  cancelText?: string;
  showCancel?: boolean;
}

/** Modal with OK and Cancel, the confirm button in blue (SPEC §9). Resolves true on confirm. */
export function showModal(options: ModalOptions): Promise<boolean> {
  const confirmText = options.confirmText ?? i18next.t('common.ok');
  if (options.showCancel === false) {
    return Dialog.alert({ title: options.title, content: options.content, confirmText }).then(() => true);
  }
  return Dialog.confirm({
    title: options.title,
    content: options.content,
    confirmText,
    cancelText: options.cancelText ?? i18next.t('common.cancel'),
  });
}

export interface DialogAction {
  key: string;
  text: string;
  primary?: boolean;
  onPress: () => void;
}

/** A dialog with named buttons side by side; each closes the dialog and runs its action. */
export function showActionDialog(options: { title?: string; content: string; actions: DialogAction[] }): void {
  Dialog.show({
    title: options.title,
    content: options.content,
    closeOnAction: true,
    actions: [
      options.actions.map((a) => ({
        key: a.key,
        text: a.text,
        bold: a.primary,
        onClick: a.onPress,
      })),
    ],
  });
}
