/**
 * The IoT cards (BACKOFFICE.md module 5): search by card number, ICCID, device number or bound mobile and
 * by state, a server-paged table, a card's page in a drawer, and batch actions on pasted ICCIDs.
 */
import { type AdminCard, adminApi } from '@haoka/contract';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../app/session';
import { formatTime } from '../../components/format';
import {
  type ALL,
  FilterBar,
  SelectFilter,
  ServerTable,
  unlessAll,
  useServerTable,
} from '../../components/server-table';
import { BatchDialog } from './batch-dialog';
import { CardDrawer } from './card-drawer';
import { CARDS_KEY, StateTag } from './card-state';

export function CardsPage() {
  const { t } = useTranslation();
  const may = useMay();
  const [filter, setFilter] = useState<{ q?: string; simStatus?: number }>({});
  const [open, setOpen] = useState<string | null>(null);
  const [batch, setBatch] = useState(false);
  const table = useServerTable(adminApi.listCards, filter, { key: [...CARDS_KEY, 'list'] });
  return (
    <section aria-labelledby="cards-title">
      <Typography.Title level={2} id="cards-title">
        {t('cards.title')}
      </Typography.Title>
      <FilterBar<{ q?: string; simStatus?: number | typeof ALL }>
        onSearch={(v) => setFilter({ q: v.q?.trim() || undefined, simStatus: unlessAll(v.simStatus) })}
        extra={
          may('cards.write') && (
            <Form.Item>
              <Button onClick={() => setBatch(true)}>{t('cards.batch')}</Button>
            </Form.Item>
          )
        }
      >
        <Form.Item label={t('cards.search')} name="q">
          <Input placeholder={t('cards.searchHint')} style={{ width: 260 }} />
        </Form.Item>
        <SelectFilter
          label={t('cards.state')}
          name="simStatus"
          all={t('cards.all')}
          width={120}
          options={([1, 2, 3, 4] as const).map((s) => ({ value: s, label: t(`cards.simStatuses.${s}`) }))}
        />
      </FilterBar>
      <ServerTable
        table={table}
        rowKey="simNo"
        scroll={{ x: 1100 }}
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
