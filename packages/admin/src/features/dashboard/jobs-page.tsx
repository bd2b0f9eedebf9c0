/**
 * The jobs page (system.read): every background job's last run, next run and failures, as `jobs status`
 * shows them (the same service), with run now for the owner (`staff.write`): confirmed first, its result
 * shown when the run is over, audited on the server.
 */
import { type AdminJob, adminApi } from '@haoka/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../app/session';
import { formatTime } from '../../components/format';
import { TableError } from '../../components/table-state';
import { useFeedback } from '../../components/use-action';
import { request } from '../../platform/request';
import { durationParts } from './duration';

const JOBS_KEY = ['admin', 'jobs'] as const;

export function JobsPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const may = useMay();
  const feedback = useFeedback();
  const client = useQueryClient();
  const jobs = useQuery({ queryKey: JOBS_KEY, queryFn: () => request(adminApi.listJobs) });
  const duration = (ms: number | null) => {
    if (ms === null) return '—';
    const { unit, n } = durationParts(ms);
    return t(`dashboard.units.${unit}`, { n });
  };
  const runNow = (job: AdminJob) =>
    modal.confirm({
      title: t('dashboard.jobs.runConfirm', { job: job.job }),
      content: t('dashboard.jobs.runHint'),
      okText: t('dashboard.jobs.runNow'),
      cancelText: t('common.cancel'),
      onOk: () =>
        request(adminApi.runJob, { job: job.job }).then((result) => {
          if (!result.ran) void message.warning(t('dashboard.jobs.notRan', { job: job.job }));
          else if (result.job.lastOutcome === 'failed')
            void message.error(t('dashboard.jobs.ranFailed', { job: job.job }));
          else feedback.success(t('dashboard.jobs.ranOk', { job: job.job }));
          void client.invalidateQueries({ queryKey: JOBS_KEY });
        }, feedback.failure),
    });
  const runs = may('staff.write');
  const now = Date.now();
  return (
    <section aria-labelledby="jobs-title">
      <Typography.Title level={2} id="jobs-title">
        {t('dashboard.jobs.title')}
      </Typography.Title>
      {jobs.isError && <TableError error={jobs.error} retry={() => void jobs.refetch()} />}
      <Table<AdminJob>
        rowKey="job"
        loading={jobs.isFetching}
        dataSource={jobs.data?.list ?? []}
        locale={{ emptyText: t('common.empty') }}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          { title: t('dashboard.jobs.job'), dataIndex: 'job' },
          { title: t('dashboard.jobs.every'), dataIndex: 'everyMs', render: duration },
          { title: t('dashboard.jobs.lastRun'), dataIndex: 'lastStartedAt', render: formatTime },
          {
            title: t('dashboard.jobs.took'),
            key: 'took',
            render: (_, j) =>
              j.lastStartedAt !== null && j.lastFinishedAt !== null
                ? duration(j.lastFinishedAt - j.lastStartedAt)
                : '—',
          },
          {
            title: t('dashboard.jobs.outcome'),
            dataIndex: 'lastOutcome',
            render: (outcome: AdminJob['lastOutcome']) =>
              outcome === null ? (
                <Tag>{t('dashboard.jobs.neverRan')}</Tag>
              ) : (
                <Tag color={outcome === 'ok' ? 'blue' : 'red'}>{t(`dashboard.jobs.${outcome}`)}</Tag>
              ),
          },
          {
            title: t('dashboard.jobs.nextRun'),
            dataIndex: 'nextRunAt',
            render: (next: number | null) =>
              next === null ? (
                '—'
              ) : (
                <>
                  {formatTime(next)} {next < now - 60_000 && <Tag color="red">{t('dashboard.jobs.overdue')}</Tag>}
                </>
              ),
          },
          { title: t('dashboard.jobs.holder'), dataIndex: 'holder', render: (h: string | null) => h ?? '—' },
          {
            title: t('dashboard.jobs.failures'),
            key: 'failures',
            render: (_, j) => `${j.recentFailures} / ${j.failures}`,
          },
          {
            title: t('dashboard.jobs.lastFailure'),
            key: 'lastFailure',
            render: (_, j) => (j.lastFailure === null ? '—' : `${formatTime(j.lastFailureAt)} ${j.lastFailure}`),
          },
          ...(runs
            ? [
                {
                  title: t('common.actions'),
                  key: 'actions',
                  render: (_: unknown, j: AdminJob) => (
                    <Button size="small" onClick={() => runNow(j)}>
                      {t('dashboard.jobs.runNow')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </section>
  );
}
