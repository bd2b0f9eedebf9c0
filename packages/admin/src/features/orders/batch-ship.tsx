/** Batch ship: a pasted list or a .csv/.txt file read in the browser, sent as text; the result per line. */
import { adminApi, type BatchShipLine } from '@haoka/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../components/use-action';
import { refusalText } from '../../platform/refusal-text';
import { request } from '../../platform/request';
import { ORDERS_KEY } from './order-actions';

export function BatchShipModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const ship = useMutation({
    mutationFn: () => request(adminApi.batchShip, { text }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ORDERS_KEY }),
    onError: feedback.failure,
  });
  return (
    <Modal
      open
      width={720}
      title={t('orders.batchShip')}
      okText={t('orders.batchSubmit')}
      cancelText={t('common.close')}
      okButtonProps={{ disabled: text.trim() === '' }}
      confirmLoading={ship.isPending}
      onOk={() => ship.mutate()}
      onCancel={onClose}
    >
      <p>{t('orders.batchHint')}</p>
      <label htmlFor="batch-ship-text">{t('orders.batchText')}</label>
      <Input.TextArea
        id="batch-ship-text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 5, maxRows: 12 }}
        style={{ margin: '8px 0' }}
      />
      <Upload
        accept=".csv,.txt,text/csv,text/plain"
        showUploadList={false}
        beforeUpload={(file) => {
          void file.text().then(setText);
          return false;
        }}
      >
        <Button>{t('orders.batchFile')}</Button>
      </Upload>
      {ship.data && (
        <div data-testid="batch-result" style={{ marginTop: 16 }}>
          <Alert
            type={ship.data.failed > 0 ? 'warning' : 'success'}
            showIcon
            title={t('orders.batchResult', { shipped: ship.data.shipped, failed: ship.data.failed })}
            style={{ marginBottom: 8 }}
          />
          <Table<BatchShipLine>
            size="small"
            rowKey="line"
            pagination={false}
            dataSource={ship.data.lines}
            columns={[
              { title: t('orders.line'), dataIndex: 'line', width: 70 },
              { title: t('orders.orderSn'), dataIndex: 'orderSn' },
              {
                title: t('orders.result'),
                key: 'result',
                render: (_, line) =>
                  line.ok ? (
                    <Tag color="blue">{t('orders.lineOk')}</Tag>
                  ) : (
                    <Tag color="red">{refusalText(line.reason, line.reason ?? '', line)}</Tag>
                  ),
              },
            ]}
          />
        </div>
      )}
    </Modal>
  );
}
