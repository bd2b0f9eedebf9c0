/** The shop orders tab: filters, the server-paged table, the detail drawer, batch ship and the export link. */
import { adminApi } from '@haoka/contract';
import { Button, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../app/session';
import { formatTime } from '../../components/format';
import { FilterBar, ServerTable, useServerTable } from '../../components/server-table';
import { toQuery } from '../../platform/request';
import { BatchShipModal } from './batch-ship';
import { ORDERS_KEY } from './order-actions';
import { OrderDrawer } from './order-drawer';

interface Filters {
  status?: number;
  payStatus?: number;
  promoCode?: string;
  mobile?: string;
  orderSn?: string;
  number?: string;
  from?: number;
  to?: number;
}

const STATUSES = [0, 1, 2, 3, 4, 5, 6, 7] as const;
const PAY_STATUSES = [0, 1, 2, 3, 4, 5] as const;

export function ShopOrders() {
  const { t } = useTranslation();
  const may = useMay();
  const [filters, setFilters] = useState<Filters>({});
  const [open, setOpen] = useState<string | null>(null);
  const [batch, setBatch] = useState(false);
  const table = useServerTable(adminApi.listOrders, filters, { key: [...ORDERS_KEY, 'shop'] });
  return (
    <>
      <FilterBar<Filters> dateRange onSearch={setFilters} onReset={() => setFilters({})}>
        <Form.Item label={t('orders.status')} name="status">
          <Select
            style={{ width: 130 }}
            options={STATUSES.map((s) => ({ value: s, label: t(`orders.statuses.${s}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('orders.payStatus')} name="payStatus">
          <Select
            style={{ width: 120 }}
            options={PAY_STATUSES.map((s) => ({ value: s, label: t(`orders.payStatuses.${s}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('orders.orderSn')} name="orderSn">
          <Input />
        </Form.Item>
        <Form.Item
          label={t('orders.mobile')}
          name="mobile"
          rules={[{ pattern: /^1\d{10}$/, message: t('orders.mobile') }]}
        >
          <Input inputMode="numeric" maxLength={11} />
        </Form.Item>
        <Form.Item
          label={t('orders.number')}
          name="number"
          rules={[{ pattern: /^\d{1,11}$/, message: t('orders.number') }]}
        >
          <Input inputMode="numeric" maxLength={11} />
        </Form.Item>
        <Form.Item label={t('orders.promoCode')} name="promoCode">
          <Input />
        </Form.Item>
      </FilterBar>
      <Space style={{ marginBottom: 16 }}>
        {may('orders.write') && <Button onClick={() => setBatch(true)}>{t('orders.batchShip')}</Button>}
        {may('exports.read') && (
          <Button href={`${adminApi.ADMIN_EXPORT_PATH}${toQuery({ ...filters })}`} download>
            {t('orders.export')}
          </Button>
        )}
      </Space>
      <ServerTable
        table={table}
        rowKey="orderSn"
        scroll={{ x: 1100 }}
        columns={[
          {
            title: t('orders.orderSn'),
            dataIndex: 'orderSn',
            render: (sn: string) => (
              <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(sn)}>
                {sn}
              </Button>
            ),
          },
          { title: t('orders.title_'), dataIndex: 'title' },
          { title: t('orders.number'), dataIndex: 'number', render: (n: string | null) => n ?? '—' },
          { title: t('orders.contact'), key: 'contact', render: (_, o) => `${o.contactName} ${o.contactMobileMasked}` },
          { title: t('orders.amount'), dataIndex: 'payAmount', render: (v: string) => `¥${v}` },
          {
            title: t('orders.status'),
            dataIndex: 'orderStatus',
            render: (s: number) => t(`orders.statuses.${s as 0}`),
          },
          {
            title: t('orders.payStatus'),
            dataIndex: 'payStatus',
            render: (s: number) => t(`orders.payStatuses.${s as 0}`),
          },
          {
            title: t('orders.express'),
            key: 'express',
            render: (_, o) => (o.trackingNo ? `${o.expressCompany} ${o.trackingNo}` : '—'),
          },
          { title: t('orders.createdAt'), dataIndex: 'createdAt', render: formatTime },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, o) => (
              <Button size="small" onClick={() => setOpen(o.orderSn)} aria-label={`${t('common.detail')} ${o.orderSn}`}>
                {t('common.detail')}
              </Button>
            ),
          },
        ]}
      />
      {open && <OrderDrawer orderSn={open} onClose={() => setOpen(null)} />}
      {batch && <BatchShipModal onClose={() => setBatch(false)} />}
    </>
  );
}
