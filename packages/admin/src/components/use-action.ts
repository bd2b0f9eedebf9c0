/**
 * Runs a console write and tells its result: a success message, or the refusal in the console's language.
 * Every money or state action goes through it after its confirmation.
 */
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../platform/request';

export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.text : error instanceof Error ? error.message : String(error);
}

export function useFeedback() {
  const { message } = App.useApp();
  const { t } = useTranslation();
  return {
    success: (text?: string) => void message.success(text ?? t('common.done')),
    failure: (error: unknown) => void message.error(errorText(error)),
  };
}

/** A dialog's failed validation (shown beside its fields) or a refusal already told: the dialog stays open. */
export function keepOpen(): void {}
