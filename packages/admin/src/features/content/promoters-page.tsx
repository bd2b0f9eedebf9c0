/**
 * Promoters (shops): a server-paged table by code or name, and each promoter's storefront in a drawer
 * (branding, home banners, menu, payment types) with the shop home previewed beside it.
 */
import { type AdminPromoterRow, adminApi } from '@haoka/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../app/session';
import { formatTime } from '../../components/format';
import { serverPagination, TableError } from '../../components/table-state';
import { request } from '../../platform/request';
import { PROMOTERS_KEY } from './keys';
import { PromoterDrawer } from './promoter-drawer';

export function PromotersPage() {
  const { t } = useTranslation();
  const may = useMay();
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [keyword, setKeyword] = useState<string | undefined>();
  /** The open drawer: a promoter's code, '' for a new one. */
  const [open, setOpen] = useState<string | null>(null);
  const query = { ...page, ...(keyword ? { keyword } : {}) };
  const promoters = useQuery({
    queryKey: [...PROMOTERS_KEY, 'list', query],
    queryFn: () => request(adminApi.listPromoters, query),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="promoters-title">
      <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 16 }}>
        <Typography.Title level={2} id="promoters-title" style={{ margin: 0 }}>
          {t('content.promotersTitle')}
        </Typography.Title>
        {may('content.write') && (
          <Button type="primary" onClick={() => setOpen('')}>
            {t('content.newPromoter')}
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
        <Form.Item label={t('content.keyword')} name="keyword">
          <Input placeholder={t('content.keywordHint')} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
        </Form.Item>
      </Form>
      {promoters.isError && <TableError error={promoters.error} retry={() => void promoters.refetch()} />}
      <Table<AdminPromoterRow>
        rowKey="code"
        loading={promoters.isFetching}
        dataSource={promoters.data?.list ?? []}
        locale={{ emptyText: t('common.empty') }}
        pagination={serverPagination(
          page.page,
          page.pageSize,
          promoters.data?.total,
          (p, s) => setPage({ page: p, pageSize: s }),
          t,
        )}
        columns={[
          { title: t('content.code'), dataIndex: 'code' },
          { title: t('content.name'), dataIndex: 'name' },
          {
            title: t('content.status'),
            key: 'status',
            render: (_, r) => (
              <Space wrap>
                {r.enabled ? <Tag color="blue">{t('content.open')}</Tag> : <Tag color="red">{t('content.closed')}</Tag>}
                {r.isDefault === 1 && <Tag color="blue">{t('content.default')}</Tag>}
                {r.isAgent === 1 && <Tag>{t('content.agent')}</Tag>}
              </Space>
            ),
          },
          { title: t('content.parentCode'), dataIndex: 'parentCode', render: (v: string | null) => v ?? '—' },
          { title: t('content.domain'), dataIndex: 'domain', render: (v: string) => v || '—' },
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
      {open !== null && <PromoterDrawer code={open || null} onClose={() => setOpen(null)} />}
    </section>
  );
}
