/**
 * Toast, loading, modal and dialog helpers with the SPEC's texts and durations (§8, §9): the one way the
 * app gives feedback. antd-mobile's Toast and Dialog (with their popups, masks and animation library)
 * load after the first screen (feedback-ui.ts), not with it. Feedback given before they are there waits
 * for them, in call order; afterwards it shows at once, as before.
 */
import i18next from '../i18n/translator';

/** Toast durations are 1500–2500 ms (SPEC §9). */
export const TOAST_MS = 2000;
export const clampToastMs = (ms: number) => Math.min(2500, Math.max(1500, ms));

type FeedbackUi = typeof import('./feedback-ui');

let loading: Promise<FeedbackUi> | undefined;
let loaded: FeedbackUi | undefined;
/** Feedback waiting for the components; while any waits, later feedback waits behind it. */
let waiting = 0;

/**
 * antd-mobile's Toast and Dialog, loaded once (a failed load, offline, is tried again next time). The
 * app asks for them once the page has loaded and is idle (main.tsx), so that later feedback, a network
 * error's included, does not wait for the network; feedback given before waits for them.
 */
export function feedbackUi(): Promise<FeedbackUi> {
  loading ??= import('./feedback-ui').then(
    (ui) => {
      loaded = ui;
      return ui;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Runs `show` at once when the components are there, else once they are, in call order. */
function withUi(show: (ui: FeedbackUi) => void): void {
  if (loaded && waiting === 0) {
    show(loaded);
    return;
  }
  waiting += 1;
  feedbackUi().then(
    (ui) => {
      waiting -= 1;
      show(ui);
    },
    () => {
      // Feedback that cannot load is dropped, not thrown.
      waiting -= 1;
    },
  );
}

export function showToast(content: string, options: { icon?: 'success' | 'fail'; duration?: number } = {}): void {
  const duration = clampToastMs(options.duration ?? TOAST_MS);
  withUi(({ Toast }) => Toast.show({ content, icon: options.icon, duration }));
}

export function showLoading(content?: string): void {
  const text = content ?? i18next.t('common.loading');
  withUi(({ Toast }) => Toast.show({ icon: 'loading', content: text, duration: 0, maskClickable: false }));
}

export function hideLoading(): void {
  withUi(({ Toast }) => Toast.clear());
}

export interface ModalOptions {
  title?: string;
  content: string;
  confirmText?: string;
  cancelText?: string;
  showCancel?: boolean;
}

/** Modal with OK and Cancel, the confirm button in blue (SPEC §9). Resolves true on confirm. */
export async function showModal(options: ModalOptions): Promise<boolean> {
  const confirmText = options.confirmText ?? i18next.t('common.ok');
  const cancelText = options.cancelText ?? i18next.t('common.cancel');
  const { Dialog } = loaded && waiting === 0 ? loaded : await feedbackUi();
  if (options.showCancel === false) {
    return Dialog.alert({ title: options.title, content: options.content, confirmText }).then(() => true);
  }
  return Dialog.confirm({ title: options.title, content: options.content, confirmText, cancelText });
}

export interface DialogAction {
  key: string;
  text: string;
  primary?: boolean;
  onPress: () => void;
}

/** A dialog with named buttons side by side; each closes the dialog and runs its action. */
export function showActionDialog(options: { title?: string; content: string; actions: DialogAction[] }): void {
  const actions = options.actions.map((a) => ({ key: a.key, text: a.text, bold: a.primary, onClick: a.onPress }));
  withUi(({ Dialog }) =>
    Dialog.show({ title: options.title, content: options.content, closeOnAction: true, actions: [actions] }),
  );
}
