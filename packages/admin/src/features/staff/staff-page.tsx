/** The owner's staff page: who may sign in, add a member, disable or reset one (each confirmed). */
import {
  adminApi,
  STAFF_ROLES,
  STAFF_USERNAME_RE,
  type StaffCredentials,
  type StaffMember,
  type StaffRole,
} from '@haoka/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../app/session';
import { formatTime } from '../../components/format';
import { TableError } from '../../components/table-state';
import { keepOpen, useFeedback } from '../../components/use-action';
import { request } from '../../platform/request';
import { CredentialsModal } from './credentials-modal';

const STAFF_KEY = ['admin', 'staff'] as const;

function AddStaffModal({ onDone, onCancel }: { onDone: (c: StaffCredentials) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [form] = Form.useForm<{ username: string; role: StaffRole }>();
  const add = useMutation({
    mutationFn: (values: { username: string; role: StaffRole }) => request(adminApi.addStaff, values),
    onSuccess: onDone,
    onError: feedback.failure,
  });
  return (
    <Modal
      open
      title={t('staff.add')}
      okText={t('staff.add')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending}
      onCancel={onCancel}
      onOk={() =>
        void form
          .validateFields()
          .then((values) => add.mutate(values))
          .catch(keepOpen)
      }
    >
      <Form form={form} layout="vertical" initialValues={{ role: 'operator' }}>
        <Form.Item
          label={t('staff.username')}
          name="username"
          extra={t('staff.usernameHelp')}
          rules={[{ required: true, pattern: STAFF_USERNAME_RE, message: t('staff.usernameInvalid') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('staff.role')} name="role" rules={[{ required: true }]}>
          <Select options={STAFF_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function StaffPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const may = useMay();
  const feedback = useFeedback();
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [credentials, setCredentials] = useState<StaffCredentials | null>(null);
  const staff = useQuery({ queryKey: STAFF_KEY, queryFn: () => request(adminApi.listStaff, {}) });
  const refresh = () => void client.invalidateQueries({ queryKey: STAFF_KEY });

  const confirmDisable = (member: StaffMember) =>
    modal.confirm({
      title: t('staff.disableConfirm', { username: member.username }),
      okText: t('staff.disable'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        request(adminApi.disableStaff, { username: member.username }).then(() => {
          feedback.success();
          refresh();
        }, feedback.failure),
    });
  const confirmReset = (member: StaffMember) =>
    modal.confirm({
      title: t('staff.resetConfirm', { username: member.username }),
      okText: t('staff.reset'),
      cancelText: t('common.cancel'),
      onOk: () =>
        request(adminApi.resetStaff, { username: member.username }).then((next) => {
          setCredentials(next);
          refresh();
        }, feedback.failure),
    });

  const canWrite = may('staff.write');
  return (
    <section aria-labelledby="staff-title">
      <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 16 }}>
        <Typography.Title level={2} id="staff-title" style={{ margin: 0 }}>
          {t('staff.title')}
        </Typography.Title>
        {canWrite && (
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('staff.add')}
          </Button>
        )}
      </Space>
      {staff.isError && <TableError error={staff.error} retry={() => void staff.refetch()} />}
      <Table<StaffMember>
        rowKey="username"
        loading={staff.isFetching}
        dataSource={staff.data?.list ?? []}
        locale={{ emptyText: t('common.empty') }}
        pagination={false}
        columns={[
          { title: t('staff.username'), dataIndex: 'username' },
          { title: t('staff.role'), dataIndex: 'role', render: (role: StaffRole) => t(`roles.${role}`) },
          {
            title: t('staff.status'),
            key: 'status',
            render: (_, m) => (
              <Space wrap>
                {m.disabled ? (
                  <Tag color="red">{t('staff.disabled')}</Tag>
                ) : (
                  <Tag color="blue">{t('staff.active')}</Tag>
                )}
                {m.mustChangePassword && <Tag>{t('staff.mustChange')}</Tag>}
                {m.lockedUntil !== null && (
                  <Tag color="red">{t('staff.locked', { time: formatTime(m.lockedUntil) })}</Tag>
                )}
              </Space>
            ),
          },
          { title: t('staff.lastLogin'), dataIndex: 'lastLoginAt', render: formatTime },
          { title: t('staff.createdAt'), dataIndex: 'createdAt', render: formatTime },
          ...(canWrite
            ? [
                {
                  title: t('common.actions'),
                  key: 'actions',
                  render: (_: unknown, m: StaffMember) => (
                    <Space>
                      {!m.disabled && (
                        <Button danger size="small" onClick={() => confirmDisable(m)}>
                          {t('staff.disable')}
                        </Button>
                      )}
                      <Button size="small" onClick={() => confirmReset(m)}>
                        {t('staff.reset')}
                      </Button>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {adding && (
        <AddStaffModal
          onCancel={() => setAdding(false)}
          onDone={(created) => {
            setAdding(false);
            setCredentials(created);
            refresh();
          }}
        />
      )}
      {credentials && <CredentialsModal credentials={credentials} onClose={() => setCredentials(null)} />}
    </section>
  );
}
