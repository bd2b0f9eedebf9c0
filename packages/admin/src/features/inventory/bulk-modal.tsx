/**
 * A bulk change of the inventory: on the selected numbers or on every number the filter matches. The count
 * is previewed on the server first; the change is applied only after a confirmation that repeats it, and
 * its result (numbers changed) is told.
 */
import { adminApi, type EndpointInput, type InventoryChange, type InventoryFilterInput } from '@haoka/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepOpen, useFeedback } from '../../components/use-action';
import { request } from '../../platform/request';
import { INVENTORY_KEY } from './keys';

type ChangeKind = 'price' | 'on' | 'off' | 'lock' | 'unlock';
interface BulkForm {
  scope: 'selection' | 'filter';
  kind: ChangeKind;
  price?: string;
}

function toChange(values: BulkForm): InventoryChange {
  switch (values.kind) {
    case 'price':
      return { kind: 'price', price: values.price ?? '' };
    case 'on':
      return { kind: 'status', status: 1 };
    case 'off':
      return { kind: 'status', status: 0 };
    default:
      return { kind: values.kind };
  }
}

export function BulkModal({
  selection,
  filter,
  onClose,
  onDone,
}: {
  selection: number[];
  filter: InventoryFilterInput;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const client = useQueryClient();
  const [form] = Form.useForm<BulkForm>();
  const [pending, setPending] = useState(false);
  const kind = Form.useWatch('kind', form);

  const run = async (values: BulkForm) => {
    const input: EndpointInput<typeof adminApi.applyInventoryChange> = {
      scope: values.scope === 'selection' ? { ids: selection } : { filter },
      change: toChange(values),
    };
    setPending(true);
    try {
      const count = await request(adminApi.previewInventoryChange, input);
      modal.confirm({
        title: t('inventory.confirmTitle'),
        content: t('inventory.previewText', count),
        okText: t('inventory.apply'),
        cancelText: t('common.cancel'),
        okButtonProps: { disabled: count.changeable === 0 },
        onOk: () =>
          request(adminApi.applyInventoryChange, input).then((result) => {
            feedback.success(t('inventory.applied', result));
            void client.invalidateQueries({ queryKey: INVENTORY_KEY });
            onDone();
          }, feedback.failure),
      });
    } catch (error) {
      feedback.failure(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open
      title={t('inventory.bulkTitle')}
      okText={t('inventory.preview')}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
      onCancel={onClose}
      onOk={() => void form.validateFields().then(run).catch(keepOpen)}
    >
      <Form<BulkForm>
        form={form}
        layout="vertical"
        initialValues={{ scope: selection.length > 0 ? 'selection' : 'filter', kind: 'price' }}
      >
        <Form.Item label={t('inventory.scope')} name="scope">
          <Radio.Group>
            <Radio value="selection" disabled={selection.length === 0}>
              {t('inventory.scopeSelection', { count: selection.length })}
            </Radio>
            <Radio value="filter">{t('inventory.scopeFilter')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('inventory.change')} name="kind">
          <Radio.Group>
            {(['price', 'on', 'off', 'lock', 'unlock'] as const).map((k) => (
              <Radio key={k} value={k}>
                {t(`inventory.changes.${k}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {kind === 'price' && (
          <Form.Item
            label={t('inventory.newPrice')}
            name="price"
            rules={[{ required: true, pattern: /^\d{1,8}(\.\d{1,2})?$/, message: t('inventory.priceRule') }]}
          >
            <Input inputMode="decimal" maxLength={11} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
