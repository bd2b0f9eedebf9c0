/** The card (IoT) orders tab, read-only, and the points-mall orders tab with its ship action. */
import { adminApi } from '@haoka/contract';
import { Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../app/session';
import { formatTime } from '../../components/format';
import { FilterBar, ServerTable, useServerTable } from '../../components/server-table';
import { useFeedback } from '../../components/use-action';
import { request } from '../../platform/request';
import { ORDERS_KEY, ShipDialog } from './order-actions';

const KINDS = ['package', 'balance', 'coupon', 'vip', 'accelerate'] as const;
const PAY_STATUSES = [0, 1, 2, 3, 4, 5] as const;
const MALL_STATUSES = [0, 1, 2, 3, 4, 5] as const;

interface CardFilters {
  kind?: (typeof KINDS)[number];
  simNo?: string;
  orderSn?: string;
  payStatus?: number;
  from?: number;
  to?: number;
}

export function CardOrders() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<CardFilters>({});
  const table = useServerTable(adminApi.listCardOrders, filters, { key: [...ORDERS_KEY, 'card'] });
  return (
    <>
      <FilterBar<CardFilters> dateRange onSearch={setFilters} onReset={() => setFilters({})}>
        <Form.Item label={t('orders.kind')} name="kind">
          <Select style={{ width: 130 }} options={KINDS.map((k) => ({ value: k, label: t(`orders.kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item label={t('orders.payStatus')} name="payStatus">
          <Select
            style={{ width: 120 }}
            options={PAY_STATUSES.map((s) => ({ value: s, label: t(`orders.payStatuses.${s}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('orders.simNo')} name="simNo">
          <Input />
        </Form.Item>
        <Form.Item label={t('orders.orderSn')} name="orderSn">
          <Input />
        </Form.Item>
      </FilterBar>
      <ServerTable
        table={table}
        rowKey="orderSn"
        columns={[
          { title: t('orders.orderSn'), dataIndex: 'orderSn' },
          {
            title: t('orders.kind'),
            dataIndex: 'kind',
            render: (k: string) => ((KINDS as readonly string[]).includes(k) ? t(`orders.kinds.${k as 'package'}`) : k),
          },
          { title: t('orders.simNo'), dataIndex: 'simNo' },
          { title: t('orders.title_'), dataIndex: 'title' },
          { title: t('orders.amount'), dataIndex: 'payAmount', render: (v: string) => `¥${v}` },
          { title: t('orders.payType'), dataIndex: 'payType' },
          {
            title: t('orders.payStatus'),
            dataIndex: 'payStatus',
            render: (s: number) => t(`orders.payStatuses.${s as 0}`),
          },
          { title: t('orders.createdAt'), dataIndex: 'createdAt', render: formatTime },
          { title: t('orders.paidAt'), dataIndex: 'paidAt', render: formatTime },
        ]}
      />
    </>
  );
}

interface MallFilters {
  status?: number;
  simNo?: string;
  orderSn?: string;
  from?: number;
  to?: number;
}

export function MallOrders() {
  const { t } = useTranslation();
  const may = useMay();
  const feedback = useFeedback();
  const [filters, setFilters] = useState<MallFilters>({});
  const [shipping, setShipping] = useState<string | null>(null);
  const table = useServerTable(adminApi.listMallOrders, filters, { key: [...ORDERS_KEY, 'mall'] });
  return (
    <>
      <FilterBar<MallFilters> dateRange onSearch={setFilters} onReset={() => setFilters({})}>
        <Form.Item label={t('orders.status')} name="status">
          <Select
            style={{ width: 160 }}
            options={MALL_STATUSES.map((s) => ({ value: s, label: t(`orders.mallStatuses.${s}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('orders.simNo')} name="simNo">
          <Input />
        </Form.Item>
        <Form.Item label={t('orders.orderSn')} name="orderSn">
          <Input />
        </Form.Item>
      </FilterBar>
      <ServerTable
        table={table}
        rowKey="orderSn"
        scroll={{ x: 1000 }}
        columns={[
          { title: t('orders.orderSn'), dataIndex: 'orderSn' },
          { title: t('orders.simNo'), dataIndex: 'simNo' },
          { title: t('orders.title_'), dataIndex: 'title' },
          { title: t('orders.points'), dataIndex: 'points' },
          { title: t('orders.amount'), dataIndex: 'payAmount', render: (v: string) => `¥${v}` },
          { title: t('orders.status'), dataIndex: 'status', render: (s: number) => t(`orders.mallStatuses.${s as 0}`) },
          {
            title: t('orders.delivery'),
            dataIndex: 'deliveryType',
            render: (d: number) => (d === 1 ? t('orders.deliveryCourier') : t('orders.deliveryPickup')),
          },
          {
            title: t('orders.consignee'),
            key: 'consignee',
            render: (_, o) => `${o.consigneeName} ${o.consigneeMobileMasked}`,
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
            render: (_, o) =>
              may('orders.write') && o.status === 1 && o.deliveryType === 1 ? (
                <Button size="small" type="primary" onClick={() => setShipping(o.orderSn)}>
                  {t('orders.ship')}
                </Button>
              ) : null,
          },
        ]}
      />
      {shipping && (
        <ShipDialog
          title={t('orders.mallShipTitle', { orderSn: shipping })}
          onClose={() => setShipping(null)}
          onSubmit={(values) =>
            request(adminApi.shipMallOrder, { orderSn: shipping, ...values }).then(
              (state) => {
                feedback.success(
                  t('orders.resultState', {
                    orderSn: state.orderSn,
                    status: t(`orders.mallStatuses.${state.status as 0}`),
                  }),
                );
                void table.query.refetch();
              },
              (error) => {
                feedback.failure(error);
                throw error;
              },
            )
          }
        />
      )}
    </>
  );
}
