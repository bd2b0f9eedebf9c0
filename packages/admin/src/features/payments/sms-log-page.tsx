/**
 * The SMS log (finance, support, owner; read-only): every message the shop asked its gateway to send, the
 * mobile masked, with its purpose, template, the provider's answer and the messages billed. A search by
 * mobile takes the full number; the server matches it by a keyed hash and never shows it.
 */
import { type AdminSmsLine, adminApi, SMS_LOG_PURPOSES } from '@haoka/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, rangeOf } from '../../components/format';
import { serverPagination, TableError } from '../../components/table-state';
import { request } from '../../platform/request';

type Purpose = (typeof SMS_LOG_PURPOSES)[number];

interface Filters {
  mobile?: string;
  purpose?: Purpose | 'all';
  ok?: '1' | '0' | 'all';
  range?: [Dayjs | null, Dayjs | null] | null;
}

const isPurpose = (purpose: string): purpose is Purpose => (SMS_LOG_PURPOSES as readonly string[]).includes(purpose);

export function SmsLogPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [filters, setFilters] = useState<Filters>({});
  const query = {
    ...page,
    mobile: filters.mobile?.trim() || undefined,
    purpose: filters.purpose === 'all' ? undefined : filters.purpose,
    ok: filters.ok === undefined || filters.ok === 'all' ? undefined : Number(filters.ok),
    ...rangeOf(filters.range),
  };
  const list = useQuery({
    queryKey: ['admin', 'sms', query],
    queryFn: () => request(adminApi.listSmsLog, query),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="sms-title">
      <Typography.Title level={2} id="sms-title">
        {t('payments.sms.title')}
      </Typography.Title>
      <Form<Filters>
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(values) => {
          setFilters(values);
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
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
        <Form.Item label={t('common.dateRange')} name="range">
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
        </Form.Item>
      </Form>
      {list.isError && <TableError error={list.error} retry={() => void list.refetch()} />}
      <Table<AdminSmsLine>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: t('common.empty') }}
        scroll={{ x: 1000 }}
        pagination={serverPagination(
          page.page,
          page.pageSize,
          list.data?.total,
          (p, s) => setPage({ page: p, pageSize: s }),
          t,
        )}
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
