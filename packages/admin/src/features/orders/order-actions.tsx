/**
 * The state-machine actions of a shop order (audit, reject, ship, complete, refund), each behind its
 * confirmation, each shown only when the order's state allows it and the role has the permission. The
 * refund dialog makes its idempotency key once, when it opens: a double click, or a retry after a lost
 * answer, sends the same key, and the server refunds once.
 */
import { type AdminOrderState, type AdminShopOrder, adminApi, ShopOrderStatus } from '@haoka/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../app/session';
import { keepOpen, useFeedback } from '../../components/use-action';
import { request } from '../../platform/request';

export const ORDERS_KEY = ['admin', 'orders'] as const;

/** A key of 32 characters the contract's `idempotencyKey` accepts. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

function useResult() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const client = useQueryClient();
  return {
    done: (state: AdminOrderState) => {
      feedback.success(
        t('orders.resultState', {
          orderSn: state.orderSn,
          status: t(`orders.statuses.${state.orderStatus as 0}`),
        }),
      );
      void client.invalidateQueries({ queryKey: ORDERS_KEY });
    },
    failure: feedback.failure,
  };
}

/** A dialog with one required text field (a reason) or the courier fields, sent once per submit. */
function ReasonDialog({
  title,
  hint,
  onSubmit,
  onClose,
  danger,
}: {
  title: string;
  hint: string;
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [pending, setPending] = useState(false);
  return (
    <Modal
      open
      title={title}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger }}
      confirmLoading={pending}
      onCancel={onClose}
      onOk={() =>
        void form
          .validateFields()
          .then(async ({ reason }) => {
            setPending(true);
            try {
              await onSubmit(reason);
              onClose();
            } catch {
              // told by the caller; the dialog stays open for another try (with the same key)
            } finally {
              setPending(false);
            }
          })
          .catch(keepOpen)
      }
    >
      <Alert type="warning" showIcon title={hint} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical">
        <Form.Item
          label={t('orders.reason')}
          name="reason"
          rules={[{ required: true, whitespace: true, message: t('orders.reasonRequired') }]}
        >
          <Input.TextArea maxLength={100} showCount autoSize={{ minRows: 2 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function RefundDialog({ order, onClose }: { order: AdminShopOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const result = useResult();
  // Made once per opened dialog: every submit of this dialog carries the same key.
  const [idempotencyKey] = useState(newIdempotencyKey);
  return (
    <ReasonDialog
      danger
      title={t('orders.refundTitle', { orderSn: order.orderSn })}
      hint={t('orders.refundHint', { amount: order.payAmount })}
      onClose={onClose}
      onSubmit={(reason) =>
        request(adminApi.refundOrder, { orderSn: order.orderSn, reason, idempotencyKey }).then(result.done, (error) => {
          result.failure(error);
          throw error;
        })
      }
    />
  );
}

export function ShipDialog({
  title,
  onSubmit,
  onClose,
}: {
  title: string;
  onSubmit: (values: { company: string; trackingNo: string }) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ company: string; trackingNo: string }>();
  const [pending, setPending] = useState(false);
  return (
    <Modal
      open
      title={title}
      okText={t('orders.ship')}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
      onCancel={onClose}
      onOk={() =>
        void form
          .validateFields()
          .then(async (values) => {
            setPending(true);
            try {
              await onSubmit(values);
              onClose();
            } catch {
              // told by the caller; the dialog stays open for a correction
            } finally {
              setPending(false);
            }
          })
          .catch(keepOpen)
      }
    >
      <Form form={form} layout="vertical">
        <Form.Item
          label={t('orders.company')}
          name="company"
          rules={[{ required: true, whitespace: true, message: t('auth.required', { field: t('orders.company') }) }]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item
          label={t('orders.trackingNo')}
          name="trackingNo"
          rules={[
            {
              required: true,
              pattern: /^[A-Za-z0-9-]{6,32}$/,
              message: t('auth.required', { field: t('orders.trackingNo') }),
            },
          ]}
        >
          <Input maxLength={32} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type Dialog = 'reject' | 'ship' | 'refund' | null;

export function OrderActions({ order }: { order: AdminShopOrder }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const may = useMay();
  const result = useResult();
  const [dialog, setDialog] = useState<Dialog>(null);
  const simple = useMutation({
    mutationFn: (action: 'audit' | 'complete') =>
      request(action === 'audit' ? adminApi.auditOrder : adminApi.completeOrder, { orderSn: order.orderSn }),
    onSuccess: result.done,
    onError: result.failure,
  });
  const confirm = (action: 'audit' | 'complete') =>
    modal.confirm({
      title: t(action === 'audit' ? 'orders.auditConfirm' : 'orders.completeConfirm', { orderSn: order.orderSn }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => simple.mutateAsync(action).catch(() => undefined),
    });
  const fail = (error: unknown) => {
    result.failure(error);
    throw error;
  };

  const write = may('orders.write');
  const status = order.orderStatus;
  const refundable =
    may('refunds.write') &&
    (status === ShopOrderStatus.AUDITING || status === ShopOrderStatus.TO_SHIP) &&
    order.payStatus === 2;
  return (
    <Space wrap>
      {write && status === ShopOrderStatus.AUDITING && (
        <>
          <Button type="primary" onClick={() => confirm('audit')}>
            {t('orders.audit')}
          </Button>
          <Button danger onClick={() => setDialog('reject')}>
            {t('orders.reject')}
          </Button>
        </>
      )}
      {write && status === ShopOrderStatus.TO_SHIP && (
        <Button type="primary" onClick={() => setDialog('ship')}>
          {t('orders.ship')}
        </Button>
      )}
      {write && status === ShopOrderStatus.SHIPPED && (
        <Button onClick={() => confirm('complete')}>{t('orders.complete')}</Button>
      )}
      {refundable && (
        <Button danger onClick={() => setDialog('refund')}>
          {t('orders.refund')}
        </Button>
      )}
      {dialog === 'reject' && (
        <ReasonDialog
          danger
          title={t('orders.rejectTitle', { orderSn: order.orderSn })}
          hint={t('orders.rejectHint')}
          onClose={() => setDialog(null)}
          onSubmit={(reason) =>
            request(adminApi.rejectOrder, { orderSn: order.orderSn, reason }).then(result.done, fail)
          }
        />
      )}
      {dialog === 'ship' && (
        <ShipDialog
          title={t('orders.shipTitle', { orderSn: order.orderSn })}
          onClose={() => setDialog(null)}
          onSubmit={(values) =>
            request(adminApi.shipOrder, { orderSn: order.orderSn, ...values }).then(result.done, fail)
          }
        />
      )}
      {dialog === 'refund' && <RefundDialog order={order} onClose={() => setDialog(null)} />}
    </Space>
  );
}
