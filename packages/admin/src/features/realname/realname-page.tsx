/**
 * The real-name review queue: platform submissions (under review by default, oldest first), the ID-photo
 * viewer (signed links; each view is audited on the server), approve or reject with the reason the card
 * holder sees.
 */
import { type AdminRealnamePhotos, type AdminRealnameSubmission, adminApi } from '@haoka/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Form, Image, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../app/session';
import { formatTime } from '../../components/format';
import { FilterBar, ServerTable, useServerTable } from '../../components/server-table';
import { keepOpen, useFeedback } from '../../components/use-action';
import { request } from '../../platform/request';

const REALNAME_KEY = ['admin', 'realname'] as const;
const STATUS_COLOR = { 1: 'default', 2: 'blue', 3: 'red' } as const;

function PhotosModal({ photos, onClose }: { photos: AdminRealnamePhotos; onClose: () => void }) {
  const { t } = useTranslation();
  const sides = [
    ['front', photos.front],
    ['back', photos.back],
    ['face', photos.face],
  ] as const;
  return (
    <Modal
      open
      width={820}
      title={t('realname.photosTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <p>{t('realname.photosExpire', { time: formatTime(photos.expiresAt) })}</p>
      <Space align="start" wrap>
        {sides.map(([side, url]) => (
          <figure key={side} style={{ margin: 0, width: 240 }}>
            {url ? (
              <Image src={url} alt={t(`realname.${side}`)} width={240} />
            ) : (
              <Empty description={t('realname.noPhoto')} />
            )}
            <figcaption>{t(`realname.${side}`)}</figcaption>
          </figure>
        ))}
      </Space>
    </Modal>
  );
}

function RejectModal({
  submission,
  onClose,
  onDone,
}: {
  submission: AdminRealnameSubmission;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [form] = Form.useForm<{ reason: string }>();
  const [pending, setPending] = useState(false);
  return (
    <Modal
      open
      title={t('realname.rejectTitle', { simNo: submission.simNo })}
      okText={t('realname.reject')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
      onCancel={onClose}
      onOk={() =>
        void form
          .validateFields()
          .then(async ({ reason }) => {
            setPending(true);
            try {
              await request(adminApi.rejectRealname, { id: submission.id, reason });
              feedback.success(t('realname.rejected'));
              onDone();
            } catch (error) {
              feedback.failure(error);
            } finally {
              setPending(false);
            }
          })
          .catch(keepOpen)
      }
    >
      <Alert type="warning" showIcon title={t('realname.rejectHint')} style={{ marginBottom: 16 }} />
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

export function RealnamePage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const may = useMay();
  const feedback = useFeedback();
  const client = useQueryClient();
  const [status, setStatus] = useState<number | 'all'>(2);
  const [simNo, setSimNo] = useState('');
  const [photos, setPhotos] = useState<AdminRealnamePhotos | null>(null);
  const [rejecting, setRejecting] = useState<AdminRealnameSubmission | null>(null);
  const table = useServerTable(
    adminApi.listRealname,
    { status: status === 'all' ? undefined : status, simNo },
    { key: REALNAME_KEY },
  );
  const refresh = () => void client.invalidateQueries({ queryKey: REALNAME_KEY });
  const viewPhotos = (s: AdminRealnameSubmission) =>
    request(adminApi.realnamePhotos, { id: s.id }).then(setPhotos, feedback.failure);
  const approve = (s: AdminRealnameSubmission) =>
    modal.confirm({
      title: t('realname.approveConfirm', { simNo: s.simNo }),
      okText: t('realname.approve'),
      cancelText: t('common.cancel'),
      onOk: () =>
        request(adminApi.approveRealname, { id: s.id }).then(() => {
          feedback.success(t('realname.approved'));
          refresh();
        }, feedback.failure),
    });
  const write = may('cards.write');
  return (
    <section aria-labelledby="realname-title">
      <Typography.Title level={2} id="realname-title">
        {t('realname.title')}
      </Typography.Title>
      <FilterBar<{ simNo?: string }> onSearch={(v) => setSimNo(v.simNo ?? '')}>
        <Form.Item label={t('realname.status')}>
          <Select
            aria-label={t('realname.status')}
            style={{ width: 140 }}
            value={status}
            onChange={setStatus}
            options={[
              { value: 2, label: t('realname.statuses.2') },
              { value: 1, label: t('realname.statuses.1') },
              { value: 3, label: t('realname.statuses.3') },
              { value: 'all', label: t('realname.all') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('realname.simNo')} name="simNo">
          <Input />
        </Form.Item>
      </FilterBar>
      <ServerTable
        table={table}
        rowKey="id"
        scroll={{ x: 1000 }}
        columns={[
          { title: t('realname.simNo'), dataIndex: 'simNo' },
          { title: t('realname.iccid'), dataIndex: 'iccid' },
          { title: t('realname.name'), dataIndex: 'nameMasked' },
          { title: t('realname.idCard'), dataIndex: 'idCardMasked' },
          {
            title: t('realname.status'),
            dataIndex: 'status',
            render: (s: 1 | 2 | 3) => <Tag color={STATUS_COLOR[s]}>{t(`realname.statuses.${s}`)}</Tag>,
          },
          { title: t('realname.remark'), dataIndex: 'remark', render: (r: string) => r || '—' },
          { title: t('realname.submittedAt'), dataIndex: 'createdAt', render: formatTime },
          { title: t('realname.reviewedAt'), dataIndex: 'reviewedAt', render: formatTime },
          ...(write
            ? [
                {
                  title: t('common.actions'),
                  key: 'actions',
                  render: (_: unknown, s: AdminRealnameSubmission) => (
                    <Space>
                      <Button size="small" onClick={() => void viewPhotos(s)}>
                        {t('realname.photos')}
                      </Button>
                      {s.status === 2 && (
                        <>
                          <Button size="small" type="primary" onClick={() => approve(s)}>
                            {t('realname.approve')}
                          </Button>
                          <Button size="small" danger onClick={() => setRejecting(s)}>
                            {t('realname.reject')}
                          </Button>
                        </>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {photos && <PhotosModal photos={photos} onClose={() => setPhotos(null)} />}
      {rejecting && (
        <RejectModal
          submission={rejecting}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setRejecting(null);
            refresh();
          }}
        />
      )}
    </section>
  );
}
