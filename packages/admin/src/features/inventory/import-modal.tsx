/**
 * The inventory import: a CSV (sent as text) or XLSX (sent as base64) file of at most 10,000 rows, run on the
 * server as a job by the CLI's importer. The dialog polls the job for its progress, then shows the imported
 * count and every refused row, and offers the result as a CSV download.
 */
import { adminApi } from '@haoka/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Progress, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/use-action';
import { refusalText } from '../../platform/refusal-text';
import { request } from '../../platform/request';
import { importResultFile } from './import-result';
import { INVENTORY_KEY } from './keys';

/** A file's content as the upload sends it: text for CSV, base64 for XLSX. */
async function readUpload(file: File): Promise<{ format: 'csv' | 'xlsx'; content: string }> {
  if (/\.xlsx$/i.test(file.name)) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { format: 'xlsx', content: btoa(binary) };
  }
  return { format: 'csv', content: await file.text() };
}

export function ImportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const job = useQuery({
    queryKey: [...INVENTORY_KEY, 'job', jobId],
    queryFn: () => request(adminApi.inventoryJob, { id: jobId as number }),
    enabled: jobId !== null,
    refetchInterval: (q) => {
      const status = q.state.data?.status;
      return status === 'done' || status === 'failed' ? false : 500;
    },
  });
  const current = job.data;
  const ended = current?.status === 'done' || current?.status === 'failed';

  const start = async () => {
    if (!file) return;
    setPending(true);
    try {
      const upload = await readUpload(file);
      const started = await request(adminApi.startInventoryImport, { fileName: file.name, ...upload });
      setJobId(started.id);
    } catch (error) {
      feedback.failure(error);
    } finally {
      setPending(false);
    }
  };

  const close = () => {
    if (ended) void client.invalidateQueries({ queryKey: INVENTORY_KEY });
    onClose();
  };

  return (
    <Modal
      open
      width={720}
      title={t('inventory.importTitle')}
      onCancel={close}
      footer={
        <Space>
          <Button onClick={close}>{t('common.close')}</Button>
          {jobId === null && (
            <Button type="primary" disabled={!file} loading={pending} onClick={() => void start()}>
              {t('inventory.importStart')}
            </Button>
          )}
        </Space>
      }
    >
      <Typography.Paragraph>{t('inventory.importHint')}</Typography.Paragraph>
      {jobId === null && (
        <label>
          {t('inventory.importFile')}{' '}
          <input
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
      )}
      {current && !ended && (
        <div role="status">
          <Progress percent={current.total ? Math.floor((current.progress / current.total) * 100) : 0} />
          {t('inventory.importRunning', { progress: current.progress, total: current.total })}
        </div>
      )}
      {current?.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('inventory.importFailed', {
            error: current.result?.error ?? (current.reason ? refusalText(current.reason, current.reason, null) : ''),
          })}
        />
      )}
      {current?.status === 'done' && current.result && (
        <>
          <Progress percent={100} />
          <Alert
            type={current.result.rejected.length > 0 ? 'warning' : 'success'}
            showIcon
            role="status"
            style={{ marginBottom: 16 }}
            title={t('inventory.importDone', {
              imported: current.result.imported,
              failed: current.result.rejected.length,
            })}
            action={
              <Button size="small" href={importResultFile(current).href} download={importResultFile(current).name}>
                {t('inventory.downloadResult')}
              </Button>
            }
          />
          {current.result.rejected.length > 0 && (
            <Table
              size="small"
              rowKey="line"
              dataSource={current.result.rejected}
              pagination={{ pageSize: 10 }}
              columns={[
                { title: t('inventory.line'), dataIndex: 'line', width: 80 },
                { title: t('inventory.reason'), dataIndex: 'message' },
              ]}
            />
          )}
        </>
      )}
    </Modal>
  );
}
