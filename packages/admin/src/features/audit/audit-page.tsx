/** The audit log (owner): server-paged, filtered by staff, action, target and date range. */
import { adminApi } from '@haoka/contract';
import { Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Changes } from '../../components/changes';
import { formatTime } from '../../components/format';
import { FilterBar, ServerTable, useServerTable } from '../../components/server-table';

interface Filters {
  staff?: string;
  action?: string;
  target?: string;
  from?: number;
  to?: number;
}

export function AuditPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const table = useServerTable(adminApi.auditLog, filters, { sizes: [10, 20, 50] });
  return (
    <section aria-labelledby="audit-title">
      <Typography.Title level={2} id="audit-title">
        {t('audit.title')}
      </Typography.Title>
      <FilterBar<Filters> dateRange onSearch={setFilters} onReset={() => setFilters({})}>
        <Form.Item label={t('audit.actor')} name="staff">
          <Input />
        </Form.Item>
        <Form.Item label={t('audit.action')} name="action" tooltip={t('audit.actionHelp')}>
          <Input />
        </Form.Item>
        <Form.Item label={t('audit.target')} name="target">
          <Input />
        </Form.Item>
      </FilterBar>
      <ServerTable
        table={table}
        rowKey="id"
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
