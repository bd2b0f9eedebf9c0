/**
 * The three states every screen has besides its content (SCREENS §0): loading (a skeleton in place of
 * the content), error (ErrorBlock with 重新加载) and empty (ErrorBlock with a one-line hint and an
 * optional action).
 */
import { Button, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { ApiError } from '../platform/request';
import { ErrorBlock } from './error-block';

export interface PageStateProps {
  loading: boolean;
  error?: unknown;
  empty?: boolean;
  emptyText?: string;
  emptyAction?: ReactNode;
  onRetry?: () => void;
  /** Lines of the loading skeleton. */
  skeletonRows?: number;
  children?: ReactNode;
}

export function PageState({
  loading,
  error,
  empty,
  emptyText,
  emptyAction,
  onRetry,
  skeletonRows = 4,
  children,
}: PageStateProps) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <div className="page-state page-state-loading" data-testid="page-loading-state">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={skeletonRows} animated />
      </div>
    );
  }
  if (error) {
    return (
      <div className="page-state page-state-error" data-testid="page-error-state">
        <ErrorBlock status="disconnected" title={t('ui.loadFailed')} description={errorMessage(error)}>
          {onRetry ? (
            <Button color="primary" size="small" onClick={onRetry}>
              {t('ui.reload')}
            </Button>
          ) : null}
        </ErrorBlock>
      </div>
    );
  }
  if (empty) {
    return (
      <EmptyState
        className="page-state page-state-empty"
        testId="page-empty-state"
        title={emptyText ?? t('ui.empty')}
        action={emptyAction}
      />
    );
  }
  return <>{children}</>;
}

export interface EmptyStateProps {
  title: string;
  description?: string;
  /** The one way on, e.g. an EmptyAction. */
  action?: ReactNode;
  className?: string;
  testId?: string;
}

/** A screen with nothing to show (an empty list, an order that is not there): the message and one way on. */
export function EmptyState({ title, description = '', action, className = 'page-state', testId }: EmptyStateProps) {
  return (
    <div className={className} data-testid={testId}>
      <ErrorBlock status="empty" title={title} description={description}>
        {action}
      </ErrorBlock>
    </div>
  );
}

/** The usual way on from an empty screen: a small primary button. */
export function EmptyAction({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button color="primary" size="small" onClick={onClick}>
      {label}
    </Button>
  );
}

/** An answer's refusal in the shopper's language; another error's message. */
function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.text;
  return error instanceof Error && error.message ? error.message : '';
}
