/** The audit log (owner): server-paged, filtered by staff, action, target and date range. */
import { type AuditLine, adminApi } from '@haoka/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Changes } from '../../components/changes';
import { formatTime, rangeOf } from '../../components/format';
import { serverPagination, TableError } from '../../components/table-state';
import { request } from '../../platform/request';

interface Filters {
  staff?: string;
  action?: string;
  target?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

export function AuditPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [filters, setFilters] = useState<Filters>({});
  const query = {
    ...page,
    staff: filters.staff,
    action: filters.action,
    target: filters.target,
    ...rangeOf(filters.range),
  };
  const log = useQuery({
    queryKey: ['admin', 'audit', query],
    queryFn: () => request(adminApi.auditLog, query),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="audit-title">
      <Typography.Title level={2} id="audit-title">
        {t('audit.title')}
      </Typography.Title>
      <Form<Filters>
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(values) => {
          setFilters(values);
          setPage((p) => ({ ...p, page: 1 }));
        }}
        onReset={() => {
          setFilters({});
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item label={t('audit.actor')} name="staff">
          <Input />
        </Form.Item>
        <Form.Item label={t('audit.action')} name="action" tooltip={t('audit.actionHelp')}>
          <Input />
        </Form.Item>
        <Form.Item label={t('audit.target')} name="target">
          <Input />
        </Form.Item>
        <Form.Item label={t('common.dateRange')} name="range">
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
        </Form.Item>
        <Form.Item>
          <Button htmlType="reset">{t('common.reset')}</Button>
        </Form.Item>
      </Form>
      {log.isError && <TableError error={log.error} retry={() => void log.refetch()} />}
      <Table<AuditLine>
        rowKey="id"
        loading={log.isFetching}
        dataSource={log.data?.list ?? []}
        locale={{ emptyText: t('common.empty') }}
        pagination={serverPagination(
          page.page,
          page.pageSize,
          log.data?.total,
          (p, s) => setPage({ page: p, pageSize: s }),
          t,
          [10, 20, 50],
        )}
        columns={[
          { title: t('audit.at'), dataIndex: 'at', render: formatTime, width: 180 },
          { title: t('audit.actor'), dataIndex: 'actor' },
          { title: t('audit.ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
          { title: t('audit.action'), dataIndex: 'action' },
          { title: t('audit.target'), dataIndex: 'target' },
          { title: t('audit.changes'), key: 'changes', render: (_, line) => <Changes line={line} /> },
        ]}
      />
    </section>
  );
}
