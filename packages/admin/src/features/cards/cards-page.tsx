/**
 * The IoT cards (BACKOFFICE.md module 5): search by card number, ICCID, device number or bound mobile and
 * by state, a server-paged table, a card's page in a drawer, and batch actions on pasted ICCIDs.
 */
import { type AdminCard, adminApi } from '@haoka/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../app/session';
import { formatTime } from '../../components/format';
import { serverPagination, TableError } from '../../components/table-state';
import { request } from '../../platform/request';
import { BatchDialog } from './batch-dialog';
import { CardDrawer } from './card-drawer';
import { CARDS_KEY, StateTag } from './card-state';

export function CardsPage() {
  const { t } = useTranslation();
  const may = useMay();
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [filter, setFilter] = useState<{ q?: string; simStatus?: number }>({});
  const [open, setOpen] = useState<string | null>(null);
  const [batch, setBatch] = useState(false);
  const query = { ...page, ...filter };
  const cards = useQuery({
    queryKey: [...CARDS_KEY, 'list', query],
    queryFn: () => request(adminApi.listCards, query),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="cards-title">
      <Typography.Title level={2} id="cards-title">
        {t('cards.title')}
      </Typography.Title>
      <Form
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(v: { q?: string; simStatus?: number | 'all' }) => {
          const q = v.q?.trim();
          setFilter({
            ...(q ? { q } : {}),
            ...(v.simStatus !== undefined && v.simStatus !== 'all' ? { simStatus: v.simStatus } : {}),
          });
          setPage((p) => ({ ...p, page: 1 }));
        }}
        initialValues={{ simStatus: 'all' }}
      >
        <Form.Item label={t('cards.search')} name="q">
          <Input placeholder={t('cards.searchHint')} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item label={t('cards.state')} name="simStatus">
          <Select
            aria-label={t('cards.state')}
            style={{ width: 120 }}
            options={[
              { value: 'all', label: t('cards.all') },
              ...([1, 2, 3, 4] as const).map((s) => ({ value: s, label: t(`cards.simStatuses.${s}`) })),
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
        </Form.Item>
        {may('cards.write') && (
          <Form.Item>
            <Button onClick={() => setBatch(true)}>{t('cards.batch')}</Button>
          </Form.Item>
        )}
      </Form>
      {cards.isError && <TableError error={cards.error} retry={() => void cards.refetch()} />}
      <Table<AdminCard>
        rowKey="simNo"
        loading={cards.isFetching}
        dataSource={cards.data?.list ?? []}
        locale={{ emptyText: t('common.empty') }}
        scroll={{ x: 1100 }}
        pagination={serverPagination(
          page.page,
          page.pageSize,
          cards.data?.total,
          (p, s) => setPage({ page: p, pageSize: s }),
          t,
        )}
        columns={[
          { title: t('cards.simNo'), dataIndex: 'simNo' },
          { title: t('cards.iccid'), dataIndex: 'iccid' },
          { title: t('cards.deviceNo'), dataIndex: 'deviceNo', render: (d: string | null) => d ?? '—' },
          { title: t('cards.mobile'), dataIndex: 'mobileMasked', render: (m: string | null) => m ?? '—' },
          {
            title: t('cards.state'),
            key: 'state',
            render: (_: unknown, c: AdminCard) => <StateTag status={c.simStatus} stopReason={c.stopReason} />,
          },
          { title: t('cards.balance'), dataIndex: 'balance' },
          { title: t('cards.syncedAt'), dataIndex: 'syncedAt', render: formatTime },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, c: AdminCard) => (
              <Button size="small" onClick={() => setOpen(c.simNo)} aria-label={t('cards.open', { simNo: c.simNo })}>
                {t('common.detail')}
              </Button>
            ),
          },
        ]}
      />
      {open && <CardDrawer simNo={open} onClose={() => setOpen(null)} />}
      {batch && <BatchDialog onClose={() => setBatch(false)} />}
    </section>
  );
}
