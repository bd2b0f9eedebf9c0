/** The error state of a server-paged table (its loading and empty states are the table's own). */
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from './use-action';

export function TableError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      title={t('common.loadFailed', { text: errorText(error) })}
      action={<Button onClick={retry}>{t('common.retry')}</Button>}
    />
  );
}

/** antd Table's pagination of a server page: the total and the page size changer. */
export function serverPagination(
  page: number,
  pageSize: number,
  total: number | undefined,
  onChange: (page: number, pageSize: number) => void,
  t: (key: 'common.total', options: { total: number }) => string,
  /** The page sizes the endpoint accepts (its `pageSize` maximum). */
  sizes: readonly number[] = [10, 20, 50, 100],
) {
  return {
    current: page,
    pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: sizes.map(String),
    showTotal: (count: number) => t('common.total', { total: count }),
    onChange,
  };
}
