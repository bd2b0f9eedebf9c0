/**
 * The jobs page (system.read): every background job's last run, next run and failures, as `jobs status`
 * shows them (the same service), with run now for the owner (`staff.write`): confirmed first, its result
 * shown when the run is over, audited on the server. Below, the latest batch jobs staff started (inventory
 * imports, card batches) of the kinds the member may read, with their progress and result files (the same
 * files their own dialogs offer).
 */
import { type AdminBatchJob, type AdminJob, adminApi, INVENTORY_IMPORT_JOB } from '@haoka/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Progress, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../app/session';
import { formatTime } from '../../components/format';
import { TableError } from '../../components/table-state';
import { useFeedback } from '../../components/use-action';
import { refusalText } from '../../platform/refusal-text';
import { request } from '../../platform/request';
import { batchResultFile } from '../cards/batch-result';
import { importResultFile } from '../inventory/import-result';
import { durationParts } from './duration';

const JOBS_KEY = ['admin', 'jobs'] as const;
const BATCH_KEY = ['admin', 'jobs', 'batches'] as const;
/** How often the list is read again while a batch job is unfinished. */
const BATCH_POLL_MS = 2000;

const STATUS_COLOR: Record<AdminBatchJob['status'], string> = {
  queued: 'default',
  running: 'processing',
  done: 'blue',
  failed: 'red',
};

/** Saves a file from a `data:` address, as the dialogs' download links do. */
function save(file: { name: string; href: string }) {
  const link = document.createElement('a');
  link.href = file.href;
  link.download = file.name;
  link.click();
}

/** A finished batch job's result file: read from its own page's endpoint, built as its dialog builds it. */
async function downloadResult(job: AdminBatchJob) {
  if (job.kind === INVENTORY_IMPORT_JOB) save(importResultFile(await request(adminApi.inventoryJob, { id: job.id })));
  else save(batchResultFile(await request(adminApi.cardJob, { id: job.id })));
}

function BatchJobs() {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const jobs = useQuery({
    queryKey: BATCH_KEY,
    queryFn: () => request(adminApi.listBatchJobs),
    refetchInterval: (q) =>
      q.state.data?.list.some((j) => j.status === 'queued' || j.status === 'running') ? BATCH_POLL_MS : false,
  });
  const kindText = (kind: string) =>
    kind === INVENTORY_IMPORT_JOB
      ? t('dashboard.jobs.batch.import')
      : t('dashboard.jobs.batch.cards', { action: t(`cards.${kind.slice('card.'.length)}`, kind) });
  return (
    <section aria-labelledby="batch-jobs-title" style={{ marginTop: 24 }}>
      <Typography.Title level={3} id="batch-jobs-title">
        {t('dashboard.jobs.batch.title')}
      </Typography.Title>
      {jobs.isError && <TableError error={jobs.error} retry={() => void jobs.refetch()} />}
      <Table<AdminBatchJob>
        rowKey="id"
        loading={jobs.isPending}
        dataSource={jobs.data?.list ?? []}
        locale={{ emptyText: t('common.empty') }}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          { title: t('dashboard.jobs.batch.kind'), dataIndex: 'kind', render: kindText },
          { title: t('dashboard.jobs.batch.staff'), dataIndex: 'staff' },
          { title: t('dashboard.jobs.batch.started'), dataIndex: 'createdAt', render: formatTime },
          {
            title: t('dashboard.jobs.batch.progress'),
            key: 'progress',
            render: (_, j) => (
              <div style={{ minWidth: 160 }}>
                <Progress
                  size="small"
                  percent={j.total ? Math.floor((j.progress / j.total) * 100) : j.status === 'done' ? 100 : 0}
                  status={j.status === 'failed' ? 'exception' : j.status === 'done' ? 'success' : 'active'}
                  aria-label={t('dashboard.jobs.batch.progressOf', { id: j.id })}
                />
                {j.progress} / {j.total}
              </div>
            ),
          },
          {
            title: t('dashboard.jobs.batch.status'),
            key: 'status',
            render: (_, j) => (
              <>
                <Tag color={STATUS_COLOR[j.status]}>{t(`dashboard.jobs.batch.statuses.${j.status}`)}</Tag>
                {j.reason && <span>{refusalText(j.reason, j.reason, null)}</span>}
              </>
            ),
          },
          {
            title: t('dashboard.jobs.batch.result'),
            key: 'result',
            render: (_, j) =>
              j.status === 'done' ? (
                <Button size="small" onClick={() => void downloadResult(j).catch(feedback.failure)}>
                  {t('dashboard.jobs.batch.download')}
                </Button>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </section>
  );
}

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
      <BatchJobs />
    </section>
  );
}
