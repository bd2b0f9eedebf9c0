/**
 * The SMS log (finance, support, owner; read-only): every message the shop asked its gateway to send, the
 * mobile masked, with its purpose, template, the provider's answer and the messages billed. A search by
 * mobile takes the full number; the server matches it by a keyed hash and never shows it.
 */
import { adminApi, SMS_LOG_PURPOSES } from '@haoka/contract';
import { Form, Input, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/format';
import { FilterBar, ServerTable, useServerTable } from '../../components/server-table';

type Purpose = (typeof SMS_LOG_PURPOSES)[number];

interface Filters {
  mobile?: string;
  purpose?: Purpose | 'all';
  ok?: '1' | '0' | 'all';
  from?: number;
  to?: number;
}

const isPurpose = (purpose: string): purpose is Purpose => (SMS_LOG_PURPOSES as readonly string[]).includes(purpose);

export function SmsLogPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const table = useServerTable(adminApi.listSmsLog, {
    mobile: filters.mobile?.trim() || undefined,
    purpose: filters.purpose === 'all' ? undefined : filters.purpose,
    ok: filters.ok === undefined || filters.ok === 'all' ? undefined : Number(filters.ok),
    from: filters.from,
    to: filters.to,
  });
  return (
    <section aria-labelledby="sms-title">
      <Typography.Title level={2} id="sms-title">
        {t('payments.sms.title')}
      </Typography.Title>
      <FilterBar<Filters> dateRange onSearch={setFilters}>
        <Form.Item
          label={t('payments.sms.mobile')}
          name="mobile"
          tooltip={t('payments.sms.mobileHelp')}
          rules={[{ pattern: /^1\d{10}$/, message: t('payments.sms.mobileHelp') }]}
        >
          <Input inputMode="numeric" maxLength={11} />
        </Form.Item>
        <Form.Item label={t('payments.sms.purpose')} name="purpose" initialValue="all">
          <Select
            aria-label={t('payments.sms.purpose')}
            style={{ width: 140 }}
            options={[
              { value: 'all', label: t('payments.all') },
              ...SMS_LOG_PURPOSES.map((p) => ({ value: p, label: t(`payments.sms.purposes.${p}`) })),
            ]}
          />
        </Form.Item>
        <Form.Item label={t('payments.sms.result')} name="ok" initialValue="all">
          <Select
            aria-label={t('payments.sms.result')}
            style={{ width: 120 }}
            options={[
              { value: 'all', label: t('payments.all') },
              { value: '1', label: t('payments.sms.sent') },
              { value: '0', label: t('payments.sms.failed') },
            ]}
          />
        </Form.Item>
      </FilterBar>
      <ServerTable
        table={table}
        rowKey="id"
        scroll={{ x: 1000 }}
        columns={[
          { title: t('payments.sms.at'), dataIndex: 'at', render: formatTime, width: 180 },
          { title: t('payments.sms.mobile'), dataIndex: 'mobileMasked' },
          {
            title: t('payments.sms.purpose'),
            dataIndex: 'purpose',
            render: (p: string) => (isPurpose(p) ? t(`payments.sms.purposes.${p}`) : p),
          },
          { title: t('payments.sms.template'), dataIndex: 'template' },
          { title: t('payments.sms.provider'), dataIndex: 'provider' },
          {
            title: t('payments.sms.result'),
            dataIndex: 'ok',
            render: (ok: boolean) => (
              <Tag color={ok ? 'blue' : 'red'}>{ok ? t('payments.sms.sent') : t('payments.sms.failed')}</Tag>
            ),
          },
          { title: t('payments.sms.answer'), dataIndex: 'answer' },
          { title: t('payments.sms.cost'), dataIndex: 'cost', align: 'right' },
        ]}
      />
    </section>
  );
}
