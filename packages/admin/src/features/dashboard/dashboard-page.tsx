/**
 * The dashboard: the shop's figures per China day over a period (the last 14 days by default, at most 92),
 * optionally of one promoter, as two ECharts charts (a lazy chunk of their own), the period's totals and a
 * daily table; and the shop's health (payment settlement, failed jobs, card sync, live adapters).
 */
import {
  adminApi,
  DASHBOARD_MAX_DAYS,
  type DashboardFigures,
  type DashboardHealth,
  type DashboardSeries,
} from '@haoka/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, DatePicker, Descriptions, Flex, Form, Input, Progress, Space, Spin, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/format';
import { FilterBar } from '../../components/server-table';
import { TableError } from '../../components/table-state';
import { request } from '../../platform/request';
import { durationParts } from './duration';

const DashboardChart = lazy(() => import('./dashboard-chart').then((m) => ({ default: m.DashboardChart })));

const DASHBOARD_KEY = ['admin', 'dashboard'] as const;

type Figure = keyof DashboardFigures;
const COUNTS: Figure[] = ['orders', 'paidOrders', 'refunds', 'newCards', 'recharges', 'packageSales'];
const AMOUNTS: Figure[] = ['paid', 'refunded', 'recharged', 'packageSold'];
const ALL: Figure[] = [
  'orders',
  'paidOrders',
  'paid',
  'refunds',
  'refunded',
  'newCards',
  'recharges',
  'recharged',
  'packageSales',
  'packageSold',
];

interface Filters {
  period?: [Dayjs | null, Dayjs | null] | null;
  promoCode?: string;
}

function Charts({ series }: { series: DashboardSeries }) {
  const { t } = useTranslation();
  // Stable between renders, so a chart is drawn again only when its figures or the language change.
  const { days, counts, amounts } = useMemo(() => {
    const lines = (figures: Figure[]) =>
      figures.map((f) => ({ name: t(`dashboard.figures.${f}`), data: series.days.map((d) => Number(d[f])) }));
    return { days: series.days.map((d) => d.day), counts: lines(COUNTS), amounts: lines(AMOUNTS) };
  }, [series, t]);
  const label = (title: string) => t('dashboard.chartLabel', { title, from: series.from, to: series.to });
  return (
    <Suspense fallback={<Spin />}>
      <Flex vertical gap="large">
        <Card size="small" title={t('dashboard.countsChart')}>
          <DashboardChart label={label(t('dashboard.countsChart'))} kind="line" days={days} series={counts} />
        </Card>
        <Card size="small" title={t('dashboard.amountsChart')}>
          <DashboardChart label={label(t('dashboard.amountsChart'))} kind="bar" days={days} series={amounts} />
        </Card>
      </Flex>
    </Suspense>
  );
}

/** How the period's payments were settled: counts by callback and by querying the provider, and the callback share. */
function Settlement({ settlement }: { settlement: DashboardHealth['settlement'] }) {
  const { t } = useTranslation();
  const total = settlement.byCallback + settlement.byReconciliation;
  return (
    <Flex vertical gap="small">
      <Typography.Text type="secondary">
        {t('dashboard.settlementPeriod', { from: settlement.from, to: settlement.to })}
      </Typography.Text>
      {total === 0 ? (
        <Typography.Text>{t('dashboard.settlementNone')}</Typography.Text>
      ) : (
        <>
          <Descriptions
            size="small"
            items={[
              { key: 'cb', label: t('dashboard.byCallback'), children: settlement.byCallback },
              { key: 'rc', label: t('dashboard.byReconciliation'), children: settlement.byReconciliation },
            ]}
          />
          <Progress
            percent={Math.round((settlement.byCallback / total) * 100)}
            format={(percent) => t('dashboard.settlementShare', { share: percent ?? 0 })}
            aria-label={t('dashboard.settlementShareLabel')}
          />
        </>
      )}
    </Flex>
  );
}

function Health({ health }: { health: DashboardHealth }) {
  const { t } = useTranslation();
  const sync = health.cardSync;
  const syncJob = sync.job;
  const duration = (ms: number) => {
    const { unit, n } = durationParts(ms);
    return t(`dashboard.units.${unit}`, { n });
  };
  return (
    <section aria-labelledby="dashboard-health">
      <Typography.Title level={3} id="dashboard-health">
        {t('dashboard.health')}
      </Typography.Title>
      <Flex vertical gap="middle">
        <Card size="small" title={t('dashboard.settlement')}>
          <Settlement settlement={health.settlement} />
        </Card>
        <Card size="small" title={t('dashboard.failedJobs')}>
          {health.failedJobs.length === 0 ? (
            <Typography.Text>{t('dashboard.noFailedJobs')}</Typography.Text>
          ) : (
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {health.failedJobs.map((job) => (
                <li key={job.job}>
                  <Space wrap>
                    <Tag color="red">{job.job}</Tag>
                    <span>{formatTime(job.lastFailureAt)}</span>
                    <span>{job.lastFailure}</span>
                  </Space>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card size="small" title={t('dashboard.cardSync')}>
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'active', label: t('dashboard.activeCards'), children: sync.activeCards },
              { key: 'never', label: t('dashboard.neverSynced'), children: sync.neverSynced },
              {
                key: 'oldest',
                label: t('dashboard.oldestSync'),
                children:
                  sync.oldestSyncedAt === null
                    ? '—'
                    : t('dashboard.syncLag', {
                        time: formatTime(sync.oldestSyncedAt),
                        lag: duration(health.at - sync.oldestSyncedAt),
                      }),
              },
              {
                key: 'job',
                label: t('dashboard.syncJob'),
                children:
                  syncJob?.lastStartedAt == null
                    ? t('dashboard.jobs.neverRan')
                    : `${formatTime(syncJob.lastStartedAt)} · ${t(
                        syncJob.lastOutcome === 'failed' ? 'dashboard.jobs.failed' : 'dashboard.jobs.ok',
                      )}`,
              },
            ]}
          />
        </Card>
        <Card size="small" title={t('dashboard.adapters')}>
          <Descriptions
            size="small"
            column={3}
            items={health.adapters.map((a, i) => ({
              key: `${a.area}-${i}`,
              label: t(`dashboard.areas.${a.area}`),
              children: (
                <Space>
                  <span>{a.name}</span>
                  <Tag color={a.builtIn ? 'default' : 'blue'}>
                    {a.builtIn ? t('dashboard.builtIn') : t('dashboard.live')}
                  </Tag>
                </Space>
              ),
            }))}
          />
        </Card>
      </Flex>
    </section>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filters>();
  const client = useQueryClient();
  const [query, setQuery] = useState<{ from?: string; to?: string; promoCode?: string }>({});
  const series = useQuery({
    queryKey: [...DASHBOARD_KEY, query],
    queryFn: () => request(adminApi.dashboard, query),
    placeholderData: keepPreviousData,
  });
  // The settlement share is of the same period as the figures (not of the promoter: payments have none).
  const period = { ...(query.from ? { from: query.from } : {}), ...(query.to ? { to: query.to } : {}) };
  const health = useQuery({
    queryKey: [...DASHBOARD_KEY, 'health', period],
    queryFn: () => request(adminApi.health, period),
    placeholderData: keepPreviousData,
  });
  const data = series.data;
  return (
    <section aria-labelledby="dashboard-title">
      <Typography.Title level={2} id="dashboard-title">
        {t('dashboard.title')}
      </Typography.Title>
      <FilterBar<Filters>
        form={form}
        onSearch={(values) => {
          const [start, end] = values.period ?? [null, null];
          setQuery({
            ...(start ? { from: start.format('YYYY-MM-DD') } : {}),
            ...(end ? { to: end.format('YYYY-MM-DD') } : {}),
            ...(values.promoCode?.trim() ? { promoCode: values.promoCode.trim() } : {}),
          });
          // Searching the same period again reads the figures afresh (today's keep changing).
          void client.invalidateQueries({ queryKey: DASHBOARD_KEY });
        }}
        onReset={() => setQuery({})}
      >
        <Form.Item
          label={t('dashboard.period')}
          name="period"
          tooltip={t('dashboard.periodHint', { max: DASHBOARD_MAX_DAYS })}
        >
          <DatePicker.RangePicker
            placeholder={data ? [data.from, data.to] : undefined}
            disabledDate={(current, info) =>
              info?.from ? Math.abs(current.diff(info.from, 'day')) >= DASHBOARD_MAX_DAYS : false
            }
          />
        </Form.Item>
        <Form.Item label={t('dashboard.promoCode')} name="promoCode" tooltip={t('dashboard.promoHelp')}>
          <Input maxLength={32} />
        </Form.Item>
      </FilterBar>
      {series.isError && <TableError error={series.error} retry={() => void series.refetch()} />}
      {series.isPending && <Spin />}
      {data && (
        <Flex vertical gap="large">
          <Descriptions
            title={t('dashboard.totals', { from: data.from, to: data.to })}
            bordered
            size="small"
            column={{ xs: 1, sm: 2, md: 3, lg: 5 }}
            items={ALL.map((f) => ({
              key: f,
              label: t(`dashboard.figures.${f}`),
              children: <span data-testid={`total-${f}`}>{data.totals[f]}</span>,
            }))}
          />
          <Charts series={data} />
          <Table
            rowKey="day"
            size="small"
            title={() => t('dashboard.daily')}
            loading={series.isFetching}
            dataSource={data.days}
            pagination={false}
            scroll={{ x: true }}
            columns={[
              { title: t('dashboard.day'), dataIndex: 'day', fixed: 'left' },
              ...ALL.map((f) => ({ title: t(`dashboard.figures.${f}`), dataIndex: f, align: 'right' as const })),
            ]}
          />
        </Flex>
      )}
      <div style={{ marginTop: 24 }}>
        {health.isError && <TableError error={health.error} retry={() => void health.refetch()} />}
        {health.data && <Health health={health.data} />}
      </div>
    </section>
  );
}
