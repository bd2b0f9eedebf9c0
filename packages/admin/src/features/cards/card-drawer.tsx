/**
 * A card's page (a drawer over the cards table): state and stop reason, usage, balance, points and coins,
 * real-name, device, packages, the three ledgers and the card's orders; suspend, resume and re-sync
 * (cards.write) after a confirmation, and the balance adjustment (cards.balance) in its own dialog.
 */
import { type AdminCardDetail, type AdminLedgerLine, adminApi } from '@haoka/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Drawer, Form, Input, Modal, Space, Spin, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../app/session';
import { formatTime } from '../../components/format';
import { TableError } from '../../components/table-state';
import { keepOpen, useFeedback } from '../../components/use-action';
import { request } from '../../platform/request';
import { CARDS_KEY, StateTag } from './card-state';

/** A key of 32 characters the contract's `idempotencyKey` accepts. */
function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

const AMOUNT_RE = /^[+-]?\d{1,7}(\.\d{1,2})?$/;

function AdjustBalanceDialog({ card, onClose }: { card: AdminCardDetail['card']; onClose: () => void }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const client = useQueryClient();
  const [form] = Form.useForm<{ amount: string; remark: string }>();
  const [pending, setPending] = useState(false);
  // Made once per opened dialog: a double click or a retry here sends the same key.
  const [idempotencyKey] = useState(newIdempotencyKey);
  return (
    <Modal
      open
      title={t('cards.adjustTitle', { simNo: card.simNo })}
      okText={t('cards.adjust')}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
      onCancel={onClose}
      onOk={() =>
        void form
          .validateFields()
          .then(async ({ amount, remark }) => {
            setPending(true);
            try {
              const answer = await request(adminApi.adjustCardBalance, {
                simNo: card.simNo,
                amount: amount.trim(),
                remark,
                idempotencyKey,
              });
              feedback.success(t('cards.adjusted', { balance: answer.balance }));
              void client.invalidateQueries({ queryKey: CARDS_KEY });
              onClose();
            } catch (error) {
              feedback.failure(error);
            } finally {
              setPending(false);
            }
          })
          .catch(keepOpen)
      }
    >
      <Alert
        type="warning"
        showIcon
        title={t('cards.adjustHint', { balance: card.balance })}
        style={{ marginBottom: 16 }}
      />
      <Form form={form} layout="vertical">
        <Form.Item
          label={t('cards.amount')}
          name="amount"
          extra={t('cards.amountHelp')}
          rules={[
            { required: true, message: t('cards.amountInvalid') },
            {
              validator: (_, value: string | undefined) =>
                value && AMOUNT_RE.test(value.trim()) && Number(value) !== 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('cards.amountInvalid'))),
            },
          ]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item
          label={t('cards.remark')}
          name="remark"
          rules={[{ required: true, whitespace: true, message: t('cards.remarkRequired') }]}
        >
          <Input.TextArea maxLength={100} showCount autoSize={{ minRows: 2 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function LedgerTable({ lines, money }: { lines: AdminLedgerLine[]; money: boolean }) {
  const { t } = useTranslation();
  return (
    <Table<AdminLedgerLine>
      size="small"
      rowKey={(l) => `${l.at}-${l.after}-${l.amount}-${l.orderSn}`}
      dataSource={lines}
      pagination={false}
      locale={{ emptyText: t('common.empty') }}
      columns={[
        { title: t('cards.at'), dataIndex: 'at', render: formatTime },
        { title: t('cards.ledgerType'), dataIndex: 'type' },
        { title: money ? t('cards.amountYuan') : t('cards.change'), dataIndex: 'amount' },
        { title: t('cards.after'), dataIndex: 'after' },
        { title: t('cards.remark'), dataIndex: 'remark', render: (r: string) => r || '—' },
        { title: t('cards.orderSn'), dataIndex: 'orderSn', render: (s: string) => s || '—' },
      ]}
    />
  );
}

export function CardDrawer({ simNo, onClose }: { simNo: string; onClose: () => void }) {
  const { t } = useTranslation();
  const may = useMay();
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const client = useQueryClient();
  const [adjusting, setAdjusting] = useState(false);
  const detail = useQuery({
    queryKey: [...CARDS_KEY, 'detail', simNo],
    queryFn: () => request(adminApi.cardDetail, { simNo }),
  });
  const act = (action: 'suspend' | 'resume' | 'resync') =>
    modal.confirm({
      title: t(`cards.${action}Confirm`, { simNo }),
      okText: t(`cards.${action}`),
      okButtonProps: action === 'suspend' ? { danger: true } : {},
      cancelText: t('common.cancel'),
      onOk: () => {
        const asked =
          action === 'suspend'
            ? request(adminApi.suspendCard, { simNo })
            : action === 'resume'
              ? request(adminApi.resumeCard, { simNo })
              : request(adminApi.resyncCard, { simNo });
        return asked.then((state) => {
          const status = t(`cards.simStatuses.${state.simStatus as 1 | 2 | 3 | 4}`);
          const reason = state.stopReason ? t(`cards.stopReasons.${state.stopReason as 'requested'}`) : '';
          feedback.success(
            action === 'resync' && !state.synced
              ? t('cards.notSynced')
              : t('cards.stateNow', { status: reason ? `${status} (${reason})` : status }),
          );
          void client.invalidateQueries({ queryKey: CARDS_KEY });
        }, feedback.failure);
      },
    });
  const data = detail.data;
  const card = data?.card;
  return (
    <Drawer
      open
      size={880}
      title={t('cards.detailTitle', { simNo })}
      onClose={onClose}
      closable={{ 'aria-label': t('common.close') }}
    >
      {detail.isError && <TableError error={detail.error} retry={() => void detail.refetch()} />}
      {!data || !card ? (
        detail.isPending && <Spin />
      ) : (
        <>
          <Space style={{ marginBottom: 16 }} wrap>
            {may('cards.write') && card.simStatus === 2 && (
              <Button danger onClick={() => act('suspend')}>
                {t('cards.suspend')}
              </Button>
            )}
            {may('cards.write') && card.simStatus === 3 && (
              <Button onClick={() => act('resume')}>{t('cards.resume')}</Button>
            )}
            {may('cards.write') && <Button onClick={() => act('resync')}>{t('cards.resync')}</Button>}
            {may('cards.balance') && (
              <Button type="primary" onClick={() => setAdjusting(true)}>
                {t('cards.adjust')}
              </Button>
            )}
          </Space>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label={t('cards.state')}>
              <StateTag status={card.simStatus} stopReason={card.stopReason} />
            </Descriptions.Item>
            <Descriptions.Item label={t('cards.iccid')}>{card.iccid}</Descriptions.Item>
            <Descriptions.Item label={t('cards.balance')}>{card.balance}</Descriptions.Item>
            <Descriptions.Item label={t('cards.arrears')}>{data.arrears}</Descriptions.Item>
            <Descriptions.Item label={t('cards.points')}>{data.integral}</Descriptions.Item>
            <Descriptions.Item label={t('cards.coins')}>{data.coins}</Descriptions.Item>
            <Descriptions.Item label={t('cards.usage')}>
              {data.usage.infinite
                ? t('cards.usageInfinite', { used: data.usage.useFlowMb })
                : t('cards.usageOf', { used: data.usage.useFlowMb, total: data.usage.totalFlowMb })}
            </Descriptions.Item>
            <Descriptions.Item label={t('cards.endAt')}>{formatTime(data.usage.endAt)}</Descriptions.Item>
            <Descriptions.Item label={t('cards.authStatus')}>
              {t(`cards.authStatuses.${card.authStatus as 0 | 1 | 2 | 3}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('cards.authPlatformStatus')}>
              {t(`cards.authStatuses.${card.authPlatformStatus as 0 | 1 | 2 | 3}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('cards.mobile')}>{card.mobileMasked ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('cards.syncedAt')}>{formatTime(card.syncedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('cards.device')} span={2}>
              {data.device
                ? t('cards.deviceLine', {
                    deviceNo: card.deviceNo ?? '',
                    model: data.device.model,
                    conn: data.device.connCount,
                    max: data.device.maxConnCount,
                    signal: data.device.signal,
                  })
                : '—'}
            </Descriptions.Item>
          </Descriptions>
          <Tabs
            style={{ marginTop: 16 }}
            items={[
              {
                key: 'packages',
                label: t('cards.packages'),
                children: (
                  <Table
                    size="small"
                    rowKey="orderSn"
                    dataSource={data.packages}
                    pagination={false}
                    locale={{ emptyText: t('common.empty') }}
                    columns={[
                      { title: t('cards.packageName'), dataIndex: 'name' },
                      {
                        title: t('cards.packageStatus'),
                        dataIndex: 'status',
                        render: (s: number) => <Tag>{t(`cards.packageStatuses.${s as 1 | 2 | 3 | 4}`)}</Tag>,
                      },
                      {
                        title: t('cards.usage'),
                        key: 'flow',
                        render: (_: unknown, p: AdminCardDetail['packages'][number]) =>
                          p.infinite
                            ? t('cards.usageInfinite', { used: p.useFlowMb })
                            : t('cards.usageOf', { used: p.useFlowMb, total: p.flowMb }),
                      },
                      { title: t('cards.startAt'), dataIndex: 'startAt', render: formatTime },
                      { title: t('cards.endAt'), dataIndex: 'endAt', render: formatTime },
                    ]}
                  />
                ),
              },
              {
                key: 'balance',
                label: t('cards.balanceLog'),
                children: <LedgerTable lines={data.balanceLog} money />,
              },
              {
                key: 'points',
                label: t('cards.pointsLog'),
                children: <LedgerTable lines={data.pointsLog} money={false} />,
              },
              { key: 'coins', label: t('cards.coinLog'), children: <LedgerTable lines={data.coinLog} money={false} /> },
              {
                key: 'orders',
                label: t('cards.orders'),
                children: (
                  <Table
                    size="small"
                    rowKey="orderSn"
                    dataSource={data.orders}
                    pagination={false}
                    locale={{ emptyText: t('common.empty') }}
                    columns={[
                      { title: t('cards.orderSn'), dataIndex: 'orderSn' },
                      { title: t('cards.orderKind'), dataIndex: 'kind' },
                      { title: t('cards.orderTitle'), dataIndex: 'title' },
                      { title: t('cards.amountYuan'), dataIndex: 'payAmount' },
                      { title: t('cards.payStatus'), dataIndex: 'payStatus' },
                      { title: t('cards.at'), dataIndex: 'createdAt', render: formatTime },
                    ]}
                  />
                ),
              },
            ]}
          />
          {adjusting && <AdjustBalanceDialog card={card} onClose={() => setAdjusting(false)} />}
        </>
      )}
    </Drawer>
  );
}
