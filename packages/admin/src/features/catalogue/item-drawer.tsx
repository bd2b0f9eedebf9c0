/**
 * One catalogue item in a drawer: its kind's form (kinds.ts), saved to the server, and beside it the shop
 * page where the item shows, in a phone-sized frame reloaded after each save, with a link to open it in the
 * shop. A refusal that names a field (`data.field`) is shown on that field; others as a message.
 */
import { adminApi, type CatalogueItemInput, type CatalogueKind } from '@haoka/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Space, Spin, Typography } from 'antd';
import type { FormInstance } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../app/session';
import { TableError } from '../../components/table-state';
import { useFeedback } from '../../components/use-action';
import { ApiError, request } from '../../platform/request';
import { DraftCard } from './draft-card';
import { FieldInput } from './field-input';
import { formValuesOf, itemOf } from './field-spec';
import { CATALOGUE_KEY } from './keys';
import { descriptorOf, newItem } from './kinds';

/** The form path a refusal's `data.field` names (`item.skus.0.specText` → ['skus', 0, 'specText']). */
export function refusedField(data: unknown): (string | number)[] | null {
  const field = typeof data === 'object' && data !== null ? (data as { field?: unknown }).field : undefined;
  if (typeof field !== 'string' || !field) return null;
  const parts = field.split('.');
  if (parts[0] === 'item') parts.shift();
  return parts.length > 0 ? parts.map((p) => (/^\d+$/.test(p) ? Number(p) : p)) : null;
}

/** Shows a refusal on the field it names, or on the nearest enclosing field the form has; false if none. */
function showOnField(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const path = refusedField(error.data);
  if (!path) return false;
  const known = form.getFieldsError().map((f) => JSON.stringify(f.name));
  for (let n = path.length; n > 0; n--) {
    const name = path.slice(0, n);
    if (known.includes(JSON.stringify(name))) {
      form.setFields([{ name, errors: [error.text] }]);
      form.scrollToField(name);
      return true;
    }
  }
  return false;
}

export function ItemDrawer({
  kind,
  id,
  promoCode,
  onSaved,
  onClose,
}: {
  kind: CatalogueKind;
  /** null: a new item. */
  id: number | null;
  /** A new item's promoter (the table's filter). */
  promoCode: string;
  onSaved: (id: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const may = useMay();
  const write = may('content.write');
  const kindName = t(`catalogue.kinds.${kind}`);
  const entry = useQuery({
    queryKey: [...CATALOGUE_KEY, 'item', kind, id],
    queryFn: () => request(adminApi.getCatalogueItem, { kind, id: id ?? 0 }),
    enabled: id !== null,
  });
  const title =
    id === null ? t('catalogue.add', { kind: kindName }) : t('catalogue.itemOf', { kind: kindName, id: String(id) });
  const preview = entry.data?.preview?.path ?? null;
  return (
    <Drawer
      open
      size={preview ? 1120 : 720}
      title={title}
      onClose={onClose}
      closable={{ 'aria-label': t('common.close') }}
    >
      {entry.isError && <TableError error={entry.error} retry={() => void entry.refetch()} />}
      {id !== null && entry.isPending ? (
        <Spin />
      ) : (
        <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <ItemForm
              // A fresh form for each answer of the server: after a save it shows the item as stored.
              key={entry.dataUpdatedAt}
              kind={kind}
              id={id}
              item={entry.data?.item ?? newItem(kind, promoCode)}
              disabled={!write}
              onSaved={onSaved}
            />
          </div>
          {preview && <ShopPreview path={preview} version={entry.dataUpdatedAt} />}
        </div>
      )}
    </Drawer>
  );
}

function ItemForm({
  kind,
  id,
  item,
  disabled,
  onSaved,
}: {
  kind: CatalogueKind;
  id: number | null;
  item: Record<string, unknown>;
  disabled: boolean;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const client = useQueryClient();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [pending, setPending] = useState(false);
  const { fields, card } = descriptorOf(kind);

  // Runs once the form's own rules pass (onFinish).
  const save = async () => {
    const values = itemOf(fields, form.getFieldsValue(true) as Record<string, unknown>);
    setPending(true);
    try {
      const saved = await request(adminApi.saveCatalogueItem, {
        ...(id === null ? {} : { id }),
        item: { ...values, kind } as CatalogueItemInput,
      });
      feedback.success(t('catalogue.saved'));
      await client.invalidateQueries({ queryKey: CATALOGUE_KEY });
      onSaved(saved.id);
    } catch (error) {
      if (!showOnField(form, error)) feedback.failure(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Form
      // Named, so its fields' ids do not collide with the filter form's (the labels would name those).
      name="catalogue-item"
      form={form}
      layout="horizontal"
      labelCol={{ flex: '140px' }}
      labelWrap
      initialValues={formValuesOf(fields, item)}
      disabled={disabled}
      onFinish={() => void save()}
    >
      {card && <DraftCard fields={card} />}
      {fields.map((spec) => (
        <FieldInput key={spec.name} spec={spec} />
      ))}
      {!disabled && (
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={pending}>
            {t('catalogue.save')}
          </Button>
        </Form.Item>
      )}
    </Form>
  );
}

/** The shop page of the item in a phone-sized frame (same origin as the console), and a link to it. */
function ShopPreview({ path, version }: { path: string; version: number }) {
  const { t } = useTranslation();
  const href = `/shop/#${path}`;
  return (
    <aside aria-label={t('catalogue.preview')} style={{ width: 377, flex: 'none' }}>
      <Space style={{ marginBottom: 8, justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text strong>{t('catalogue.preview')}</Typography.Text>
        <a href={href} target="_blank" rel="noreferrer">
          {t('catalogue.openInShop')}
        </a>
      </Space>
      <iframe
        key={version}
        title={t('catalogue.preview')}
        src={href}
        width={375}
        height={667}
        style={{ border: '1px solid #d9d9d9', borderRadius: 12, display: 'block' }}
      />
      <Alert type="info" showIcon style={{ marginTop: 8 }} title={t('catalogue.previewHint')} />
    </aside>
  );
}
