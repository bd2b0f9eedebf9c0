/**
 * Promoters (shops): a server-paged table by code or name, and each promoter's storefront in a drawer
 * (branding, home banners, menu, payment types) with the shop home previewed beside it.
 */
import { adminApi } from '@haoka/contract';
import { Button, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../app/session';
import { formatTime } from '../../components/format';
import { FilterBar, ServerTable, useServerTable } from '../../components/server-table';
import { PROMOTERS_KEY } from './keys';
import { PromoterDrawer } from './promoter-drawer';

export function PromotersPage() {
  const { t } = useTranslation();
  const may = useMay();
  const [filters, setFilters] = useState<{ keyword?: string }>({});
  /** The open drawer: a promoter's code, '' for a new one. */
  const [open, setOpen] = useState<string | null>(null);
  const table = useServerTable(adminApi.listPromoters, filters, { key: [...PROMOTERS_KEY, 'list'] });
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
      <FilterBar<{ keyword?: string }>
        onSearch={(v) => setFilters(v.keyword?.trim() ? { keyword: v.keyword.trim() } : {})}
      >
        <Form.Item label={t('content.keyword')} name="keyword">
          <Input placeholder={t('content.keywordHint')} style={{ width: 240 }} />
        </Form.Item>
      </FilterBar>
      <ServerTable
        table={table}
        rowKey="code"
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
