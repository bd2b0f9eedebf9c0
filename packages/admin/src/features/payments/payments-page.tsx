/**
 * Payments (finance, support, owner; read-only): payment records, the callback log with each callback's
 * headers and raw body, refunds with who made them, and the reconciliation job's results, one tab each.
 */
import {
  type AdminPaymentCallback,
  adminApi,
  CALLBACK_OUTCOMES,
  CALLBACK_SOURCES,
  type CallbackOutcome,
  type CallbackSource,
} from '@haoka/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Modal, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/format';
import {
  type ALL,
  FilterBar,
  SelectFilter,
  ServerTable,
  unlessAll,
  useServerTable,
} from '../../components/server-table';
import { TableError } from '../../components/table-state';
import { request } from '../../platform/request';

const PAYMENT_STATUSES = [0, 1, 2, 3] as const;
// Only tag colours whose text meets WCAG AA contrast on their own background (antd's green and orange do not).
const STATUS_COLOR = { 0: 'default', 1: 'blue', 2: 'default', 3: 'purple' } as const;
const OUTCOME_COLOR: Record<CallbackOutcome, string> = {
  paid: 'blue',
  duplicate: 'default',
  refused: 'red',
  refunded: 'purple',
  closed: 'default',
  refund: 'geekblue',
};
const orNone = (value: string | null) => value || '—';

interface RecordFilters {
  orderSn?: string;
  tradeNo?: string;
  status?: (typeof PAYMENT_STATUSES)[number] | typeof ALL;
  from?: number;
  to?: number;
}

function Records() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<RecordFilters>({});
  const table = useServerTable(adminApi.listPayments, {
    orderSn: filters.orderSn || undefined,
    tradeNo: filters.tradeNo || undefined,
    status: unlessAll(filters.status),
    from: filters.from,
    to: filters.to,
  });
  return (
    <>
      <FilterBar<RecordFilters> dateRange onSearch={setFilters}>
        <Form.Item label={t('payments.orderSn')} name="orderSn">
          <Input />
        </Form.Item>
        <Form.Item label={t('payments.tradeNo')} name="tradeNo">
          <Input />
        </Form.Item>
        <SelectFilter
          label={t('payments.status')}
          name="status"
          all={t('payments.all')}
          width={120}
          options={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`payments.statuses.${s}`) }))}
        />
      </FilterBar>
      <ServerTable
        table={table}
        rowKey="id"
        scroll={{ x: 1100 }}
        columns={[
          { title: t('payments.orderSn'), dataIndex: 'orderSn' },
          { title: t('payments.kind'), dataIndex: 'kind' },
          { title: t('payments.channel'), dataIndex: 'channel' },
          { title: t('payments.payType'), dataIndex: 'payType' },
          { title: t('payments.amount'), dataIndex: 'amount', align: 'right' },
          {
            title: t('payments.status'),
            dataIndex: 'status',
            render: (s: 0 | 1 | 2 | 3) => <Tag color={STATUS_COLOR[s]}>{t(`payments.statuses.${s}`)}</Tag>,
          },
          { title: t('payments.tradeNo'), dataIndex: 'tradeNo', render: orNone },
          { title: t('payments.refundSn'), dataIndex: 'refundSn', render: orNone },
          { title: t('payments.createdAt'), dataIndex: 'createdAt', render: formatTime },
          { title: t('payments.updatedAt'), dataIndex: 'updatedAt', render: formatTime },
        ]}
      />
    </>
  );
}

function CallbackModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ['admin', 'payments', 'callback', id],
    queryFn: () => request(adminApi.paymentCallback, { id }),
  });
  const data = detail.data;
  return (
    <Modal
      open
      width={820}
      title={t('payments.callbackTitle', { id })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      {detail.isError && <TableError error={detail.error} retry={() => void detail.refetch()} />}
      {data && (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('payments.source')}>{t(`payments.sources.${data.source}`)}</Descriptions.Item>
            <Descriptions.Item label={t('payments.channel')}>{data.channel}</Descriptions.Item>
            <Descriptions.Item label={t('payments.orderSn')}>{orNone(data.orderSn)}</Descriptions.Item>
            <Descriptions.Item label={t('payments.verified')}>
              {data.verified ? t('common.yes') : t('common.no')}
            </Descriptions.Item>
            <Descriptions.Item label={t('payments.outcome')}>
              {t(`payments.outcomes.${data.outcome}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('payments.reason')}>{orNone(data.reason)}</Descriptions.Item>
            <Descriptions.Item label={t('payments.amount')}>{orNone(data.amount)}</Descriptions.Item>
            <Descriptions.Item label={t('payments.at')}>{formatTime(data.at)}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={3} style={{ fontSize: 16, marginTop: 16 }}>
            {t('payments.headers')}
          </Typography.Title>
          <pre data-testid="callback-headers" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {Object.entries(data.headers)
              .map(([name, value]) => `${name}: ${value}`)
              .join('\n')}
          </pre>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            {t('payments.body')}
          </Typography.Title>
          <pre data-testid="callback-body" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {data.body}
          </pre>
        </>
      )}
    </Modal>
  );
}

interface CallbackFilters {
  orderSn?: string;
  source?: CallbackSource | typeof ALL;
  outcome?: CallbackOutcome | typeof ALL;
  from?: number;
  to?: number;
}

/** The callback log; `fixedSource` pins the source (the reconciliation tab lists `reconcile` only). */
function Callbacks({ fixedSource }: { fixedSource?: CallbackSource }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<CallbackFilters>({});
  const [viewing, setViewing] = useState<number | null>(null);
  const table = useServerTable(adminApi.listPaymentCallbacks, {
    orderSn: filters.orderSn || undefined,
    source: fixedSource ?? unlessAll(filters.source),
    outcome: unlessAll(filters.outcome),
    from: filters.from,
    to: filters.to,
  });
  return (
    <>
      {fixedSource === 'reconcile' && (
        <Alert type="info" showIcon title={t('payments.reconcileHint')} style={{ marginBottom: 16 }} />
      )}
      <FilterBar<CallbackFilters> dateRange onSearch={setFilters}>
        <Form.Item label={t('payments.orderSn')} name="orderSn">
          <Input />
        </Form.Item>
        {!fixedSource && (
          <SelectFilter
            label={t('payments.source')}
            name="source"
            all={t('payments.all')}
            width={140}
            options={CALLBACK_SOURCES.map((s) => ({ value: s, label: t(`payments.sources.${s}`) }))}
          />
        )}
        <SelectFilter
          label={t('payments.outcome')}
          name="outcome"
          all={t('payments.all')}
          width={120}
          options={CALLBACK_OUTCOMES.map((o) => ({ value: o, label: t(`payments.outcomes.${o}`) }))}
        />
      </FilterBar>
      <ServerTable
        table={table}
        rowKey="id"
        scroll={{ x: 1100 }}
        columns={[
          { title: t('payments.at'), dataIndex: 'at', render: formatTime, width: 180 },
          {
            title: t('payments.source'),
            dataIndex: 'source',
            render: (s: CallbackSource) => t(`payments.sources.${s}`),
          },
          { title: t('payments.channel'), dataIndex: 'channel' },
          { title: t('payments.orderSn'), dataIndex: 'orderSn', render: orNone },
          {
            title: t('payments.verified'),
            dataIndex: 'verified',
            render: (v: boolean) => (v ? t('common.yes') : t('common.no')),
          },
          {
            title: t('payments.outcome'),
            dataIndex: 'outcome',
            render: (o: CallbackOutcome) => <Tag color={OUTCOME_COLOR[o]}>{t(`payments.outcomes.${o}`)}</Tag>,
          },
          { title: t('payments.reason'), dataIndex: 'reason', render: orNone },
          { title: t('payments.amount'), dataIndex: 'amount', render: orNone, align: 'right' },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, line: AdminPaymentCallback) => (
              <Button size="small" onClick={() => setViewing(line.id)}>
                {t('payments.view')}
              </Button>
            ),
          },
        ]}
      />
      {viewing !== null && <CallbackModal id={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

interface RefundFilters {
  orderSn?: string;
  from?: number;
  to?: number;
}

function Refunds() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<RefundFilters>({});
  const table = useServerTable(adminApi.listRefunds, {
    orderSn: filters.orderSn || undefined,
    from: filters.from,
    to: filters.to,
  });
  return (
    <>
      <FilterBar<RefundFilters> dateRange onSearch={setFilters}>
        <Form.Item label={t('payments.orderSn')} name="orderSn">
          <Input />
        </Form.Item>
      </FilterBar>
      <ServerTable
        table={table}
        rowKey="paymentId"
        scroll={{ x: 1000 }}
        columns={[
          { title: t('payments.orderSn'), dataIndex: 'orderSn' },
          { title: t('payments.kind'), dataIndex: 'kind' },
          { title: t('payments.channel'), dataIndex: 'channel' },
          { title: t('payments.amount'), dataIndex: 'amount', align: 'right' },
          {
            title: t('payments.status'),
            dataIndex: 'status',
            render: (s: number) => (
              <Tag color={s === 3 ? 'purple' : 'blue'}>
                {t(s === 3 ? 'payments.refundStatuses.3' : 'payments.refundStatuses.1')}
              </Tag>
            ),
          },
          { title: t('payments.refundSn'), dataIndex: 'refundSn' },
          { title: t('payments.tradeNo'), dataIndex: 'tradeNo', render: orNone },
          {
            title: t('payments.refundedBy'),
            dataIndex: 'refundedBy',
            render: (by: string | null) => by ?? t('payments.automatic'),
          },
          { title: t('payments.updatedAt'), dataIndex: 'updatedAt', render: formatTime },
        ]}
      />
    </>
  );
}

export function PaymentsPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="payments-title">
      <Typography.Title level={2} id="payments-title">
        {t('payments.title')}
      </Typography.Title>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'records', label: t('payments.tabs.records'), children: <Records /> },
          { key: 'callbacks', label: t('payments.tabs.callbacks'), children: <Callbacks /> },
          { key: 'refunds', label: t('payments.tabs.refunds'), children: <Refunds /> },
          { key: 'reconcile', label: t('payments.tabs.reconcile'), children: <Callbacks fixedSource="reconcile" /> },
        ]}
      />
    </section>
  );
}
