/**
 * The SMS log (finance, support, owner; read-only): every message the shop asked its gateway to send, the
 * mobile masked, with its purpose, template, the provider's answer and the messages billed. A search by
 * mobile takes the full number; the server matches it by a keyed hash and never shows it.
 */
import { adminApi, SMS_LOG_PURPOSES } from '@haoka/contract';
import { Form, Input, Tag, Typography } from 'antd';
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

type Purpose = (typeof SMS_LOG_PURPOSES)[number];

interface Filters {
  mobile?: string;
  purpose?: Purpose | typeof ALL;
  ok?: 1 | 0 | typeof ALL;
  from?: number;
  to?: number;
}

const isPurpose = (purpose: string): purpose is Purpose => (SMS_LOG_PURPOSES as readonly string[]).includes(purpose);

export function SmsLogPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const table = useServerTable(adminApi.listSmsLog, {
    mobile: filters.mobile?.trim() || undefined,
    purpose: unlessAll(filters.purpose),
    ok: unlessAll(filters.ok),
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
        <SelectFilter
          label={t('payments.sms.purpose')}
          name="purpose"
          all={t('payments.all')}
          width={140}
          options={SMS_LOG_PURPOSES.map((p) => ({ value: p, label: t(`payments.sms.purposes.${p}`) }))}
        />
        <SelectFilter
          label={t('payments.sms.result')}
          name="ok"
          all={t('payments.all')}
          width={120}
          options={[
            { value: 1, label: t('payments.sms.sent') },
            { value: 0, label: t('payments.sms.failed') },
          ]}
        />
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
