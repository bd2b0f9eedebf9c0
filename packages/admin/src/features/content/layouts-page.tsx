/** Card-page layouts (SimLayouts): a server-paged table by code, each layout edited in a drawer. */
import { adminApi } from '@haoka/contract';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../app/session';
import { formatTime } from '../../components/format';
import { FilterBar, ServerTable, useServerTable } from '../../components/server-table';
import { LAYOUTS_KEY } from './keys';
import { LayoutDrawer } from './layout-drawer';

export function LayoutsPage() {
  const { t } = useTranslation();
  const may = useMay();
  const [filters, setFilters] = useState<{ keyword?: string }>({});
  const [open, setOpen] = useState<string | null>(null);
  const table = useServerTable(adminApi.listLayouts, filters, { key: [...LAYOUTS_KEY, 'list'] });
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
      <FilterBar<{ keyword?: string }>
        onSearch={(v) => setFilters(v.keyword?.trim() ? { keyword: v.keyword.trim() } : {})}
      >
        <Form.Item label={t('content.layoutCode')} name="keyword">
          <Input style={{ width: 200 }} />
        </Form.Item>
      </FilterBar>
      <ServerTable
        table={table}
        rowKey="code"
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
