/** A shop order's detail: contact, address, payments, internal notes (with the add-note form) and history. */
import { type AdminShopOrderDetail, adminApi } from '@haoka/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty, Form, Input, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../app/session';
import { Changes } from '../../components/changes';
import { formatTime } from '../../components/format';
import { TableError } from '../../components/table-state';
import { useFeedback } from '../../components/use-action';
import { request } from '../../platform/request';
import { ORDERS_KEY, OrderActions } from './order-actions';

function NoteForm({ orderSn }: { orderSn: string }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const client = useQueryClient();
  const [form] = Form.useForm<{ text: string }>();
  const add = useMutation({
    mutationFn: (text: string) => request(adminApi.addOrderNote, { orderSn, text }),
    onSuccess: () => {
      form.resetFields();
      feedback.success(t('orders.noteAdded'));
      void client.invalidateQueries({ queryKey: [...ORDERS_KEY, 'detail', orderSn] });
    },
    onError: feedback.failure,
  });
  return (
    <Form form={form} layout="vertical" onFinish={({ text }) => add.mutate(text)}>
      <Form.Item
        label={t('orders.addNote')}
        name="text"
        rules={[{ required: true, whitespace: true, message: t('auth.required', { field: t('orders.notes') }) }]}
      >
        <Input.TextArea placeholder={t('orders.notePlaceholder')} maxLength={500} autoSize={{ minRows: 2 }} />
      </Form.Item>
      <Button htmlType="submit" loading={add.isPending}>
        {t('orders.addNote')}
      </Button>
    </Form>
  );
}

function Detail({ order }: { order: AdminShopOrderDetail }) {
  const { t } = useTranslation();
  const may = useMay();
  const a = order.address;
  return (
    <>
      <OrderActions order={order} />
      <Descriptions column={1} bordered size="small" style={{ marginTop: 16 }}>
        <Descriptions.Item label={t('orders.title_')}>{order.title}</Descriptions.Item>
        <Descriptions.Item label={t('orders.number')}>{order.number ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('orders.status')}>
          {t(`orders.statuses.${order.orderStatus as 0}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.payStatus')}>
          {t(`orders.payStatuses.${order.payStatus as 0}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.amount')}>¥{order.payAmount}</Descriptions.Item>
        <Descriptions.Item label={t('orders.contact')}>
          {order.contactName} {order.contactMobile}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.idCard')}>{order.idCardMasked}</Descriptions.Item>
        <Descriptions.Item label={t('orders.address')}>
          {[a.provinceName, a.cityName, a.countyName, a.detail].filter(Boolean).join(' ')}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.express')}>
          {order.expressCompany ? `${order.expressCompany} ${order.trackingNo}` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.promoCode')}>{order.promoCode || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('orders.createdAt')}>{formatTime(order.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.paidAt')}>{formatTime(order.paidAt)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.tradeNo')}>{order.tradeNo ?? '—'}</Descriptions.Item>
        {order.cancelReason && (
          <Descriptions.Item label={t('orders.cancelReason')}>{order.cancelReason}</Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 24 }}>
        {t('orders.payments')}
      </Typography.Title>
      <Table
        size="small"
        rowKey={(p) => `${p.channel}-${p.createdAt}`}
        pagination={false}
        dataSource={order.payments}
        locale={{ emptyText: t('common.empty') }}
        columns={[
          { title: t('orders.channel'), dataIndex: 'channel' },
          { title: t('orders.amount'), dataIndex: 'amount', render: (v: string) => `¥${v}` },
          {
            title: t('orders.status'),
            dataIndex: 'status',
            render: (s: number) => t(`orders.paymentStatuses.${s as 0}`),
          },
          { title: t('orders.tradeNo'), dataIndex: 'tradeNo', render: (v: string | null) => v ?? '—' },
          { title: t('orders.refundSn'), dataIndex: 'refundSn', render: (v: string | null) => v ?? '—' },
        ]}
      />
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 24 }}>
        {t('orders.notes')}
      </Typography.Title>
      {order.notes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
      ) : (
        <ul className="drawer-list">
          {order.notes.map((note) => (
            <li key={note.id}>
              <Typography.Text strong>{`${note.author} · ${formatTime(note.at)}`}</Typography.Text>
              <div>{note.text}</div>
            </li>
          ))}
        </ul>
      )}
      {may('orders.note') && <NoteForm orderSn={order.orderSn} />}
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 24 }}>
        {t('orders.history')}
      </Typography.Title>
      {order.history.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
      ) : (
        <ul className="drawer-list">
          {order.history.map((line) => (
            <li key={line.id}>
              <Typography.Text strong>{`${formatTime(line.at)} · ${line.actor} · ${line.action}`}</Typography.Text>
              <Changes line={line} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function OrderDrawer({ orderSn, onClose }: { orderSn: string; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: [...ORDERS_KEY, 'detail', orderSn],
    queryFn: () => request(adminApi.orderDetail, { orderSn }),
  });
  return (
    <Drawer
      open
      size={640}
      title={t('orders.detailTitle', { orderSn })}
      onClose={onClose}
      closable={{ 'aria-label': t('common.close') }}
    >
      {detail.isPending && <Spin />}
      {detail.isError && <TableError error={detail.error} retry={() => void detail.refetch()} />}
      {detail.data && <Detail order={detail.data} />}
    </Drawer>
  );
}
