/** Card-page layouts (SimLayouts): a server-paged table by code, each layout edited in a drawer. */
import { type AdminLayoutRow, adminApi } from '@haoka/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../app/session';
import { formatTime } from '../../components/format';
import { serverPagination, TableError } from '../../components/table-state';
import { request } from '../../platform/request';
import { LAYOUTS_KEY } from './keys';
import { LayoutDrawer } from './layout-drawer';

export function LayoutsPage() {
  const { t } = useTranslation();
  const may = useMay();
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [keyword, setKeyword] = useState<string | undefined>();
  const [open, setOpen] = useState<string | null>(null);
  const query = { ...page, ...(keyword ? { keyword } : {}) };
  const layouts = useQuery({
    queryKey: [...LAYOUTS_KEY, 'list', query],
    queryFn: () => request(adminApi.listLayouts, query),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="layouts-title">
      <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 16 }}>
        <Typography.Title level={2} id="layouts-title" style={{ margin: 0 }}>
          {t('content.layoutsTitle')}
        </Typography.Title>
        {may('content.write') && (
          <Button type="primary" onClick={() => setOpen('')}>
            {t('content.newLayout')}
          </Button>
        )}
      </Space>
      <Form
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(v: { keyword?: string }) => {
          setKeyword(v.keyword?.trim() || undefined);
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item label={t('content.layoutCode')} name="keyword">
          <Input style={{ width: 200 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
        </Form.Item>
      </Form>
      {layouts.isError && <TableError error={layouts.error} retry={() => void layouts.refetch()} />}
      <Table<AdminLayoutRow>
        rowKey="code"
        loading={layouts.isFetching}
        dataSource={layouts.data?.list ?? []}
        locale={{ emptyText: t('common.empty') }}
        pagination={serverPagination(
          page.page,
          page.pageSize,
          layouts.data?.total,
          (p, s) => setPage({ page: p, pageSize: s }),
          t,
        )}
        columns={[
          { title: t('content.layoutCode'), dataIndex: 'code' },
          { title: t('content.layoutName'), dataIndex: 'name' },
          { title: t('content.cards'), dataIndex: 'cards' },
          { title: t('content.updatedAt'), dataIndex: 'updatedAt', render: formatTime },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, r) => (
              <Button size="small" onClick={() => setOpen(r.code)} aria-label={t('content.editOf', { code: r.code })}>
                {may('content.write') ? t('content.edit') : t('content.view')}
              </Button>
            ),
          },
        ]}
      />
      {open !== null && <LayoutDrawer code={open || null} onClose={() => setOpen(null)} />}
    </section>
  );
}
