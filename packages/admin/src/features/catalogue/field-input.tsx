/**
 * One catalogue field as an antd Form.Item, drawn from its spec (field-spec.ts): money typed in yuan and
 * kept in fen, flags as switches, tags, images, and lists of rows (a mall goods' SKUs) with Form.List.
 */
import { adminApi } from '@haoka/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { ImageField } from '../../components/image-field';
import { request } from '../../platform/request';
import { type FieldSpec, fenToYuanNumber, isJsonList, labelOf, pathOf, yuanNumberToFen } from './field-spec';
import { CATALOGUE_KEY } from './keys';

type Name = (string | number)[];

/** The option of a nullable select that stands for null. */
const ANY = '\u0000any';

function useLabels() {
  const { t } = useTranslation();
  // The keys are built from the descriptors; i18n.test-style coverage is the catalogue test's.
  const text = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  return {
    label: (spec: FieldSpec) => text(`catalogue.fields.${labelOf(spec)}`),
    option: (set: string, value: string | number) => text(`catalogue.options.${set}.${value}`),
    help: (key: string | undefined) => (key ? text(`catalogue.help.${key}`) : undefined),
    t: text,
  };
}

function rulesOf(spec: FieldSpec, label: string, t: (key: string, options?: Record<string, unknown>) => string) {
  const rules: Rule[] = [];
  if (spec.required) rules.push({ required: true, message: t('catalogue.required', { field: label }) });
  if (spec.type === 'text' || spec.type === 'textarea')
    rules.push({ max: spec.max, message: t('catalogue.tooLong', { field: label, max: spec.max }) });
  return rules;
}

export function FieldInput({ spec, prefix = [] }: { spec: FieldSpec; prefix?: Name }) {
  const { label, option, help, t } = useLabels();
  const name: Name = [...prefix, ...pathOf(spec.name)];
  const text = label(spec);
  const common = { label: text, name, rules: rulesOf(spec, text, t), extra: help(spec.help) };
  switch (spec.type) {
    case 'text':
      return (
        <Form.Item {...common}>
          <Input maxLength={spec.max} />
        </Form.Item>
      );
    case 'textarea':
      return (
        <Form.Item {...common}>
          <Input.TextArea maxLength={spec.max} rows={spec.rows ?? 3} />
        </Form.Item>
      );
    case 'int':
      return (
        <Form.Item {...common} normalize={(v: number | null) => (v === null && !spec.nullable ? undefined : v)}>
          <InputNumber min={spec.min} max={spec.max} precision={0} style={{ width: 200 }} />
        </Form.Item>
      );
    case 'decimal':
      return (
        <Form.Item {...common} normalize={(v: number | null) => (v === null && !spec.nullable ? undefined : v)}>
          <InputNumber min={spec.min} max={spec.max} precision={spec.precision} step={0.1} style={{ width: 200 }} />
        </Form.Item>
      );
    case 'json':
      return (
        <Form.Item
          {...common}
          rules={[
            {
              validator: (_rule, value) =>
                isJsonList(value) ? Promise.resolve() : Promise.reject(new Error(t('catalogue.jsonInvalid'))),
            },
          ]}
        >
          <Input.TextArea rows={spec.rows} spellCheck={false} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      );
    case 'money':
      return (
        <Form.Item
          {...common}
          getValueProps={(fen: unknown) => ({ value: fenToYuanNumber(fen) })}
          normalize={(yuan: unknown) => yuanNumberToFen(yuan) ?? (spec.nullable ? null : undefined)}
        >
          <InputNumber
            min={0}
            max={999_999_999}
            precision={2}
            step={1}
            suffix={t('catalogue.yuan')}
            style={{ width: 200 }}
          />
        </Form.Item>
      );
    case 'select':
      // null (a nullable field's "any") is an option of its own, not a clear icon.
      return (
        <Form.Item
          {...common}
          getValueProps={(v: unknown) => ({ value: v === null ? ANY : v })}
          normalize={(v: unknown) => (v === ANY ? null : v)}
        >
          <Select
            style={{ width: spec.multiple ? 360 : 200 }}
            mode={spec.multiple ? 'multiple' : undefined}
            options={[
              ...(spec.nullable ? [{ value: ANY, label: t('catalogue.any') }] : []),
              ...spec.values.map((value) => ({ value, label: option(spec.options, value) })),
            ]}
          />
        </Form.Item>
      );
    case 'mallCategory':
      return (
        <Form.Item
          {...common}
          getValueProps={(v: unknown) => ({ value: v === null || v === undefined ? ANY : v })}
          normalize={(v: unknown) => (v === ANY ? null : v)}
        >
          <MallCategorySelect />
        </Form.Item>
      );
    case 'tags':
      return (
        <Form.Item {...common}>
          <Select mode="tags" maxCount={spec.maxCount} open={false} suffixIcon={null} style={{ width: 360 }} />
        </Form.Item>
      );
    case 'numbers':
      return (
        <Form.Item
          {...common}
          normalize={(values: unknown[]) =>
            (values ?? []).map((v) => Number(v)).filter((v) => Number.isInteger(v) && v >= 0 && v <= spec.max)
          }
          getValueProps={(values: unknown) => ({ value: Array.isArray(values) ? values.map(String) : [] })}
        >
          <Select mode="tags" maxCount={spec.maxCount} open={false} suffixIcon={null} style={{ width: 360 }} />
        </Form.Item>
      );
    case 'flag':
      return (
        <Form.Item
          {...common}
          getValueProps={(v: unknown) => ({ checked: v === 1 })}
          normalize={(checked: boolean) => (checked ? 1 : 0)}
        >
          <Switch />
        </Form.Item>
      );
    case 'image':
      return (
        <Form.Item {...common}>
          <ImageField />
        </Form.Item>
      );
    case 'images':
      return <ImagesInput spec={spec} name={name} title={text} />;
    case 'list':
      return <ListInput spec={spec} name={name} title={text} />;
  }
}

function ListInput({ spec, name, title }: { spec: Extract<FieldSpec, { type: 'list' }>; name: Name; title: string }) {
  const { t } = useLabels();
  return (
    <Form.Item label={title} extra={spec.help ? t(`catalogue.help.${spec.help}`) : undefined}>
      <Form.List name={name}>
        {(rows, { add, remove }) => (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {rows.map((row, index) => (
              <Card
                key={row.key}
                size="small"
                title={t('catalogue.row', { field: title, n: index + 1 })}
                extra={
                  <Button
                    size="small"
                    danger
                    onClick={() => remove(row.name)}
                    aria-label={t('catalogue.removeRow', { field: title, n: index + 1 })}
                  >
                    {t('catalogue.remove')}
                  </Button>
                }
              >
                {spec.fields.map((sub) => (
                  <FieldInput key={sub.name} spec={sub} prefix={[row.name]} />
                ))}
              </Card>
            ))}
            {rows.length < spec.maxCount && (
              <Button onClick={() => add(structuredClone(spec.row))}>{t('catalogue.addRow', { field: title })}</Button>
            )}
          </Space>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** A list of image URLs, one image field each. */
function ImagesInput({
  spec,
  name,
  title,
}: {
  spec: Extract<FieldSpec, { type: 'images' }>;
  name: Name;
  title: string;
}) {
  const { t } = useLabels();
  return (
    <Form.Item label={title} extra={spec.help ? t(`catalogue.help.${spec.help}`) : undefined}>
      <Form.List name={name}>
        {(rows, { add, remove }) => (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {rows.map((row, index) => (
              <Space key={row.key} align="start">
                <Form.Item
                  name={row.name}
                  label={t('catalogue.row', { field: title, n: index + 1 })}
                  rules={[{ required: true, message: t('catalogue.required', { field: title }) }]}
                  style={{ marginBottom: 0 }}
                >
                  <ImageField />
                </Form.Item>
                <Button
                  danger
                  onClick={() => remove(row.name)}
                  aria-label={t('catalogue.removeRow', { field: title, n: index + 1 })}
                >
                  {t('catalogue.remove')}
                </Button>
              </Space>
            ))}
            {rows.length < spec.maxCount && (
              <Button onClick={() => add('')}>{t('catalogue.addRow', { field: title })}</Button>
            )}
          </Space>
        )}
      </Form.List>
    </Form.Item>
  );
}

/** The points mall's categories to choose from (a promoter's own named with its code), or none. */
function MallCategorySelect(props: { id?: string; value?: unknown; onChange?: (value: unknown) => void }) {
  const { t } = useLabels();
  const categories = useQuery({
    queryKey: [...CATALOGUE_KEY, 'mall-categories'],
    queryFn: () => request(adminApi.listMallCategories, {}),
  });
  return (
    <Select
      {...props}
      style={{ width: 240 }}
      loading={categories.isPending}
      options={[
        { value: ANY, label: t('catalogue.noCategory') },
        ...(categories.data ?? []).map((c) => ({
          value: c.id,
          label: c.promoCode ? `${c.name} (${c.promoCode})` : c.name,
        })),
      ]}
    />
  );
}
