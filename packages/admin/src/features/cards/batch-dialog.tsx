/**
 * Batch actions on pasted ICCIDs (suspend, resume, re-sync, add a package free of charge): confirmed, started
 * as a job on the server, polled until done, then each card's result, downloadable as CSV.
 */
import {
  type AdminCardBatchJob,
  adminApi,
  CARD_BATCH_KINDS,
  type CardBatchKind,
  type CardBatchResult,
} from '@haoka/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Progress, Select, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepOpen, useFeedback } from '../../components/use-action';
import { refusalText } from '../../platform/refusal-text';
import { request } from '../../platform/request';
import { batchResultFile } from './batch-result';
import { CARDS_KEY } from './card-state';

/** How often the dialog asks for the job's progress. */
const POLL_MS = 1000;

function JobView({ job }: { job: AdminCardBatchJob }) {
  const { t } = useTranslation();
  const done = job.status === 'done';
  if (job.status === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('cards.batchFailed', { reason: refusalText(job.reason ?? undefined, job.reason ?? '', null) })}
      />
    );
  }
  const file = batchResultFile(job);
  return (
    <div>
      <Progress
        percent={job.total ? Math.round((job.progress / job.total) * 100) : 0}
        aria-label={t('cards.batchProgress')}
        status={done ? (job.failed ? 'exception' : 'success') : 'active'}
      />
      <p role="status">
        {done
          ? t('cards.batchDone', { ok: job.ok, failed: job.failed })
          : t('cards.batchRunning', { progress: job.progress, total: job.total })}
      </p>
      {done && (
        <>
          <a href={file.href} download={file.name}>
            {t('cards.batchDownload')}
          </a>
          <Table<CardBatchResult>
            size="small"
            rowKey="iccid"
            dataSource={job.results}
            pagination={{ pageSize: 10 }}
            columns={[
              { title: 'ICCID', dataIndex: 'iccid' },
              { title: t('cards.simNo'), dataIndex: 'simNo', render: (s: string) => s || '—' },
              {
                title: t('cards.batchResult'),
                key: 'result',
                render: (_: unknown, r: CardBatchResult) => (r.ok ? t('cards.batchOk') : r.message || r.reason),
              },
            ]}
          />
        </>
      )}
    </div>
  );
}

export function BatchDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const client = useQueryClient();
  const [form] = Form.useForm<{ kind: CardBatchKind; text: string; packageId?: number }>();
  const kind = Form.useWatch('kind', form);
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useQuery({
    queryKey: [...CARDS_KEY, 'job', jobId],
    queryFn: () => request(adminApi.cardJob, { id: jobId as number }),
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'running' ? false : POLL_MS),
  });
  const count = (text: string) => new Set(text.split(/[\s,;]+/).filter((s) => s !== '')).size;
  const start = () =>
    void form
      .validateFields()
      .then(({ kind, text, packageId }) => {
        const input = { kind, text, ...(kind === 'addPackage' && packageId ? { packageId } : {}) };
        modal.confirm({
          title: t('cards.batchConfirm', { kind: t(`cards.${kind}`), count: count(text) }),
          ...(kind === 'addPackage' ? { content: t('cards.addPackageConfirm', { packageId: packageId ?? '' }) } : {}),
          okText: t('common.confirm'),
          cancelText: t('common.cancel'),
          onOk: () =>
            request(adminApi.startCardBatch, input).then((started) => {
              setJobId(started.id);
              client.setQueryData([...CARDS_KEY, 'job', started.id], started);
            }, feedback.failure),
        });
      })
      .catch(keepOpen);
  const finished = job.data !== undefined && job.data.status !== 'running';
  return (
    <Modal
      open
      width={720}
      title={t('cards.batchTitle')}
      onCancel={() => {
        if (finished) void client.invalidateQueries({ queryKey: CARDS_KEY });
        onClose();
      }}
      footer={
        jobId === null
          ? [
              <Button key="cancel" onClick={onClose}>
                {t('common.cancel')}
              </Button>,
              <Button key="start" type="primary" onClick={start}>
                {t('cards.batchStart')}
              </Button>,
            ]
          : [
              <Button key="close" onClick={onClose}>
                {t('common.close')}
              </Button>,
            ]
      }
    >
      {jobId === null ? (
        <Form form={form} layout="vertical" initialValues={{ kind: 'suspend' }}>
          <Alert
            type="info"
            showIcon
            title={t('cards.batchHint', { max: adminApi.CARD_BATCH_MAX })}
            style={{ marginBottom: 16 }}
          />
          <Form.Item label={t('cards.batchKind')} name="kind">
            <Select
              aria-label={t('cards.batchKind')}
              options={CARD_BATCH_KINDS.map((k) => ({ value: k, label: t(`cards.${k}`) }))}
            />
          </Form.Item>
          {kind === 'addPackage' && (
            <Form.Item
              label={t('cards.packageId')}
              name="packageId"
              extra={t('cards.packageIdHelp')}
              rules={[{ required: true, message: t('cards.packageIdRequired') }]}
            >
              <InputNumber min={1} precision={0} style={{ width: 200 }} />
            </Form.Item>
          )}
          <Form.Item
            label={t('cards.batchIccids')}
            name="text"
            rules={[
              { required: true, whitespace: true, message: t('cards.batchRequired') },
              {
                validator: (_, v: string | undefined) =>
                  count(v ?? '') <= adminApi.CARD_BATCH_MAX
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('cards.batchTooMany', { max: adminApi.CARD_BATCH_MAX }))),
              },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 6, maxRows: 14 }} />
          </Form.Item>
        </Form>
      ) : job.data ? (
        <JobView job={job.data} />
      ) : null}
    </Modal>
  );
}
