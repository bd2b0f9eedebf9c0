/**
 * A card-page layout (SimLayout) in a drawer: name, logo, notice, refresh switch, popup, the home menus
 * (on/off and order) and carousels, and an "advanced" JSON of the other fields (tab bar, mine page …),
 * checked against the contract's schema before saving. What is not stored comes from the defaults.
 */
import { type AdminLayout, adminApi, type Menu, type SimLayoutPartial, simLayoutPartial } from '@haoka/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../app/session';
import { ImageField } from '../../components/image-field';
import { keepOpen, useFeedback } from '../../components/use-action';
import { request } from '../../platform/request';
import { LAYOUTS_KEY } from './keys';
import { MenuList, RowButtons } from './ordered-list';
import { DetailBody, useSavedDetail } from './saved-detail';

/** The fields the form edits; the advanced JSON holds the others. */
const FORM_KEYS = ['name', 'logo', 'notice', 'refreshSwitch', 'popup', 'menus', 'carousels'] as const;

interface LayoutValues {
  code: string;
  name: string;
  logo: string;
  notice: string;
  refreshSwitch: boolean;
  popup: { switch: boolean; title: string; content: string; audience: 'all' | 'unverified' };
  menus: (Omit<Menu, 'switch'> & { switch: boolean })[];
  carousels: { image: string; path: string }[];
  advanced: string;
}

function valuesOf(layout: AdminLayout | null): LayoutValues {
  const merged = layout?.layout;
  const rest = Object.fromEntries(
    Object.entries(layout?.stored ?? {}).filter(([key]) => !(FORM_KEYS as readonly string[]).includes(key)),
  );
  return {
    code: layout?.code ?? '',
    name: merged?.name ?? '',
    logo: merged?.logo ?? '',
    notice: merged?.notice ?? '',
    refreshSwitch: (merged?.refreshSwitch ?? 1) === 1,
    popup: {
      switch: merged?.popup.switch === 1,
      title: merged?.popup.title ?? '',
      content: merged?.popup.content ?? '',
      audience: merged?.popup.audience ?? 'all',
    },
    menus: (merged?.menus ?? []).map((m) => ({ ...m, switch: m.switch === 1 })),
    carousels: merged?.carousels ?? [],
    advanced: Object.keys(rest).length > 0 ? JSON.stringify(rest, null, 2) : '',
  };
}

type Checked = { ok: true; layout: SimLayoutPartial } | { ok: false; error: string };

/** The layout a save sends: the advanced JSON's fields, then the form's; checked by the contract. */
function layoutOf(values: LayoutValues, invalidJson: string): Checked {
  let advanced: unknown = {};
  if (values.advanced.trim() !== '') {
    try {
      advanced = JSON.parse(values.advanced);
    } catch {
      return { ok: false, error: invalidJson };
    }
    if (!advanced || typeof advanced !== 'object' || Array.isArray(advanced)) return { ok: false, error: invalidJson };
  }
  const candidate = {
    ...(advanced as Record<string, unknown>),
    name: values.name.trim(),
    logo: (values.logo ?? '').trim(),
    notice: values.notice,
    refreshSwitch: values.refreshSwitch ? 1 : 0,
    popup: { ...values.popup, switch: values.popup.switch ? 1 : 0 },
    menus: (values.menus ?? []).map((m) => ({ ...m, switch: m.switch ? 1 : 0 })),
    carousels: (values.carousels ?? [])
      .map((c) => ({ image: (c?.image ?? '').trim(), path: (c?.path ?? '').trim() }))
      .filter((c) => c.image !== ''),
  };
  const parsed = simLayoutPartial.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}` };
  }
  return { ok: true, layout: parsed.data };
}

function LayoutForm({ layout, onSaved }: { layout: AdminLayout | null; onSaved: (saved: AdminLayout) => void }) {
  const { t } = useTranslation();
  const may = useMay();
  const feedback = useFeedback();
  const client = useQueryClient();
  const canWrite = may('content.write');
  const creating = layout === null;
  const [form] = Form.useForm<LayoutValues>();
  const save = useMutation({
    mutationFn: (input: { code: string; layout: SimLayoutPartial }) => request(adminApi.saveLayout, input),
    onSuccess: (answer) => {
      feedback.success(t(`content.saved.${answer.result}`));
      void client.invalidateQueries({ queryKey: LAYOUTS_KEY });
      onSaved(answer.layout);
    },
    onError: feedback.failure,
  });
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={!canWrite}
      initialValues={valuesOf(layout)}
      onFinishFailed={keepOpen}
      onFinish={() => {
        const values = form.getFieldsValue(true) as LayoutValues;
        const checked = layoutOf(values, t('content.jsonInvalid'));
        if (!checked.ok) {
          form.setFields([{ name: 'advanced', errors: [checked.error] }]);
          return;
        }
        save.mutate({ code: creating ? values.code.trim() : layout.code, layout: checked.layout });
      }}
    >
      {creating && (
        <Form.Item
          label={t('content.layoutCode')}
          name="code"
          extra={t('content.codeHelp')}
          rules={[{ required: true, pattern: /^[0-9A-Za-z_-]{1,32}$/, message: t('content.codeInvalid') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      )}
      <Form.Item label={t('content.layoutName')} name="name" rules={[{ required: true, max: 64 }]}>
        <Input />
      </Form.Item>
      <Form.Item label={t('content.logo')} name="logo">
        <ImageField disabled={!canWrite} />
      </Form.Item>
      <Form.Item label={t('content.notice')} name="notice">
        <Input.TextArea rows={2} />
      </Form.Item>
      <Form.Item label={t('content.refreshSwitch')} name="refreshSwitch" valuePropName="checked">
        <Switch />
      </Form.Item>
      <fieldset className="content-fieldset">
        <legend>{t('content.popup')}</legend>
        <Space wrap size="large">
          <Form.Item label={t('content.popupOn')} name={['popup', 'switch']} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label={t('content.popupAudience')} name={['popup', 'audience']}>
            <Select
              aria-label={t('content.popupAudience')}
              style={{ width: 200 }}
              options={[
                { value: 'all', label: t('content.audiences.all') },
                { value: 'unverified', label: t('content.audiences.unverified') },
              ]}
            />
          </Form.Item>
        </Space>
        <Form.Item label={t('content.popupTitle')} name={['popup', 'title']}>
          <Input />
        </Form.Item>
        <Form.Item label={t('content.popupContent')} name={['popup', 'content']}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </fieldset>
      <MenuList name="menus" legend={t('content.menus')} empty={t('content.menusEmpty')} disabled={!canWrite} />
      <Form.List name="carousels">
        {(fields, { add, remove, move }) => (
          <fieldset className="content-fieldset">
            <legend>{t('content.carousels')}</legend>
            <ol className="banner-list">
              {fields.map((field, index) => (
                <li key={field.key}>
                  <Form.Item label={t('content.bannerImage', { n: index + 1 })} name={[field.name, 'image']}>
                    <ImageField disabled={!canWrite} />
                  </Form.Item>
                  <Form.Item label={t('content.bannerLink', { n: index + 1 })} name={[field.name, 'path']}>
                    <Input />
                  </Form.Item>
                  <RowButtons index={index} count={fields.length} move={move} remove={remove} disabled={!canWrite} />
                </li>
              ))}
            </ol>
            <Button onClick={() => add({ image: '', path: '' })} disabled={!canWrite}>
              {t('content.addBanner')}
            </Button>
          </fieldset>
        )}
      </Form.List>
      <Form.Item label={t('content.advanced')} name="advanced" extra={t('content.advancedHelp')}>
        <Input.TextArea rows={8} spellCheck={false} className="json-input" />
      </Form.Item>
      {canWrite && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('content.save')}
        </Button>
      )}
    </Form>
  );
}

/** `code` null: a new layout. */
export function LayoutDrawer({ code, onClose }: { code: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const state = useSavedDetail(LAYOUTS_KEY, code, (c) => request(adminApi.getLayout, { code: c }));
  const { current, version, detail, onSaved } = state;
  return (
    <Drawer
      open
      onClose={onClose}
      size={720}
      title={current ? t('content.editLayout', { code: current }) : t('content.newLayout')}
      closable={{ 'aria-label': t('common.close') }}
    >
      <DetailBody state={state}>
        <LayoutForm key={`${current}-${version}`} layout={detail.data ?? null} onSaved={onSaved} />
      </DetailBody>
    </Drawer>
  );
}
