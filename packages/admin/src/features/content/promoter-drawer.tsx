/**
 * A promoter's storefront in a drawer: basics, branding (title, logo, service links, template, first
 * group), the home carousel ("banners": ordered images with links) and the shop menu and payment types;
 * beside it, the shop home as a phone shows it, reloaded after each save. Saving needs `content.write`.
 */
import {
  type AdminPromoter,
  adminApi,
  CONTENT_CODE_RE,
  DEFAULT_FRONT,
  type FrontConfig,
  type PromoterSettings,
  type ShopMenuItem,
} from '@haoka/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Drawer, Form, Input, Select, Space, Switch, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../app/session';
import { ImageField } from '../../components/image-field';
import { keepOpen, useFeedback } from '../../components/use-action';
import { request } from '../../platform/request';
import { PROMOTERS_KEY } from './keys';
import { MenuList, RowButtons } from './ordered-list';
import { DetailBody, useSavedDetail } from './saved-detail';
import { ShopPreview } from './shop-preview';

interface MenuRow extends Omit<ShopMenuItem, 'switch'> {
  switch: boolean;
}

export interface PromoterValues {
  code: string;
  name: string;
  enabled: boolean;
  isDefault: boolean;
  isAgent: boolean;
  parentCode: string;
  domain: string;
  front: Omit<FrontConfig, 'indexSearch'> & { indexSearch: boolean };
  shopMenu: MenuRow[];
  showPaymentType: ('wxpay' | 'alipay')[];
}

/** A new promoter's front: the shop's default, but for the title the form asks for. */
const EMPTY_FRONT: FrontConfig = { ...DEFAULT_FRONT, title: '' };

export function valuesOf(promoter: AdminPromoter | null): PromoterValues {
  const s = promoter?.settings;
  const front = s?.front ?? EMPTY_FRONT;
  return {
    code: promoter?.code ?? '',
    name: s?.name ?? '',
    enabled: (s?.enabled ?? 1) === 1,
    isDefault: promoter?.isDefault === 1,
    isAgent: s?.isAgent === 1,
    parentCode: s?.parentCode ?? '',
    domain: s?.domain ?? '',
    front: { ...front, indexSearch: front.indexSearch === 1 },
    shopMenu: (s?.shopMenu ?? []).map((m) => ({ ...m, switch: m.switch === 1 })),
    showPaymentType: s?.showPaymentType ?? ['wxpay', 'alipay'],
  };
}

/** The settings a save sends: the whole form; `isDefault` only to make this promoter the default. */
export function settingsOf(values: PromoterValues, wasDefault: boolean): PromoterSettings {
  const url = (v: string | undefined) => (v ?? '').trim();
  return {
    name: values.name.trim(),
    enabled: values.enabled ? 1 : 0,
    isAgent: values.isAgent ? 1 : 0,
    parentCode: values.parentCode.trim() || null,
    domain: values.domain.trim(),
    ...(values.isDefault && !wasDefault ? { isDefault: 1 as const } : {}),
    front: {
      ...values.front,
      logo: url(values.front.logo),
      kefuQr: url(values.front.kefuQr),
      indexCarousel: (values.front.indexCarousel ?? [])
        .map((item) => ({ image: url(item?.image), path: (item?.path ?? '').trim() }))
        .filter((item) => item.image !== ''),
      indexSearch: values.front.indexSearch ? 1 : 0,
    },
    shopMenu: (values.shopMenu ?? []).map((m) => ({ ...m, switch: m.switch ? 1 : 0 })),
    showPaymentType: values.showPaymentType,
  };
}

function PromoterForm({
  promoter,
  onSaved,
}: {
  promoter: AdminPromoter | null;
  onSaved: (saved: AdminPromoter) => void;
}) {
  const { t } = useTranslation();
  const may = useMay();
  const feedback = useFeedback();
  const client = useQueryClient();
  const [form] = Form.useForm<PromoterValues>();
  const canWrite = may('content.write');
  const creating = promoter === null;
  const save = useMutation({
    mutationFn: (values: PromoterValues) =>
      request(adminApi.savePromoter, {
        code: creating ? values.code.trim() : promoter.code,
        create: creating,
        settings: settingsOf(values, promoter?.isDefault === 1),
      }),
    onSuccess: (answer) => {
      feedback.success(t(`content.saved.${answer.result}`));
      void client.invalidateQueries({ queryKey: PROMOTERS_KEY });
      onSaved(answer.promoter);
    },
    onError: feedback.failure,
  });

  const branding = (
    <>
      <Form.Item label={t('content.shopTitle')} name={['front', 'title']} rules={[{ required: true, max: 64 }]}>
        <Input />
      </Form.Item>
      <Form.Item label={t('content.logo')} name={['front', 'logo']}>
        <ImageField disabled={!canWrite} />
      </Form.Item>
      <Form.Item
        label={t('content.kefuUrl')}
        name={['front', 'kefuUrl']}
        rules={[{ pattern: /^(|https?:\/\/\S+)$/, message: t('content.urlInvalid') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item label={t('content.kefuMobile')} name={['front', 'kefuMobile']}>
        <Input />
      </Form.Item>
      <Form.Item label={t('content.kefuQr')} name={['front', 'kefuQr']}>
        <ImageField disabled={!canWrite} />
      </Form.Item>
      <Form.Item label={t('content.template')} name={['front', 'shopTemplate']}>
        <Select
          aria-label={t('content.template')}
          options={[
            { value: 1, label: t('content.templates.1') },
            { value: 2, label: t('content.templates.2') },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('content.firstGroup')} name={['front', 'indexFirstGroup']}>
        <Select
          aria-label={t('content.firstGroup')}
          options={[
            { value: 1, label: t('content.groups.1') },
            { value: 2, label: t('content.groups.2') },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('content.indexSearch')} name={['front', 'indexSearch']} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item label={t('content.bottomTips')} name={['front', 'bottomTips']}>
        <Input />
      </Form.Item>
      <Form.Item label={t('content.ipcCode')} name={['front', 'ipcCode']}>
        <Input />
      </Form.Item>
    </>
  );

  const banners = (
    <Form.List name={['front', 'indexCarousel']}>
      {(fields, { add, remove, move }) => (
        <div>
          <p className="content-help">{t('content.bannersHelp')}</p>
          <ol className="banner-list">
            {fields.map((field, index) => (
              <li key={field.key} data-testid="banner-row">
                <Form.Item
                  label={t('content.bannerImage', { n: index + 1 })}
                  name={[field.name, 'image']}
                  rules={[{ required: true, message: t('content.bannerImageRequired') }]}
                >
                  <ImageField disabled={!canWrite} />
                </Form.Item>
                <Form.Item label={t('content.bannerLink', { n: index + 1 })} name={[field.name, 'path']}>
                  <Input placeholder="/pages/number/index" />
                </Form.Item>
                <RowButtons index={index} count={fields.length} move={move} remove={remove} disabled={!canWrite} />
              </li>
            ))}
          </ol>
          <Button onClick={() => add({ image: '', path: '' })} disabled={!canWrite}>
            {t('content.addBanner')}
          </Button>
        </div>
      )}
    </Form.List>
  );

  const menu = (
    <>
      <Form.Item
        label={t('content.payTypes')}
        name="showPaymentType"
        rules={[{ required: true, type: 'array', min: 1 }]}
      >
        <Checkbox.Group
          options={[
            { value: 'wxpay', label: t('content.payTypeNames.wxpay') },
            { value: 'alipay', label: t('content.payTypeNames.alipay') },
          ]}
        />
      </Form.Item>
      <MenuList
        name="shopMenu"
        legend={t('content.shopMenu')}
        empty={t('content.shopMenuEmpty')}
        disabled={!canWrite}
      />
    </>
  );

  return (
    <Form
      form={form}
      layout="vertical"
      disabled={!canWrite}
      initialValues={valuesOf(promoter)}
      // The whole store: front fields this form does not show (keywords, fast nav …) are sent as they were.
      onFinish={() => save.mutate(form.getFieldsValue(true) as PromoterValues)}
      onFinishFailed={keepOpen}
    >
      {creating && (
        <Form.Item
          label={t('content.code')}
          name="code"
          extra={t('content.codeHelp')}
          rules={[{ required: true, pattern: CONTENT_CODE_RE, message: t('content.codeInvalid') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      )}
      <Form.Item label={t('content.name')} name="name" rules={[{ required: true, max: 64 }]}>
        <Input />
      </Form.Item>
      <Space wrap size="large">
        <Form.Item label={t('content.enabled')} name="enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          label={t('content.isDefault')}
          name="isDefault"
          valuePropName="checked"
          extra={promoter?.isDefault === 1 ? t('content.isDefaultHelp') : undefined}
        >
          <Switch disabled={promoter?.isDefault === 1} />
        </Form.Item>
        <Form.Item label={t('content.isAgent')} name="isAgent" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item label={t('content.parentCode')} name="parentCode">
        <Input />
      </Form.Item>
      <Form.Item label={t('content.domain')} name="domain" extra={t('content.domainHelp')}>
        <Input />
      </Form.Item>
      <Tabs
        items={[
          { key: 'branding', label: t('content.tabs.branding'), children: branding, forceRender: true },
          { key: 'banners', label: t('content.tabs.banners'), children: banners, forceRender: true },
          { key: 'menu', label: t('content.tabs.menu'), children: menu, forceRender: true },
        ]}
      />
      {canWrite && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('content.save')}
        </Button>
      )}
    </Form>
  );
}

/** `code` null: a new promoter. */
export function PromoterDrawer({ code, onClose }: { code: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const state = useSavedDetail(PROMOTERS_KEY, code, (c) => request(adminApi.getPromoter, { code: c }));
  const { current, version, detail, onSaved } = state;
  return (
    <Drawer
      open
      onClose={onClose}
      size={current ? 1120 : 640}
      title={current ? t('content.editPromoter', { code: current }) : t('content.newPromoter')}
      closable={{ 'aria-label': t('common.close') }}
    >
      <DetailBody state={state}>
        <div className="promoter-editor">
          <div className="promoter-editor__form">
            <PromoterForm key={`${current}-${version}`} promoter={detail.data ?? null} onSaved={onSaved} />
          </div>
          {current && (
            <div className="promoter-editor__preview">
              <ShopPreview code={current} version={version} />
            </div>
          )}
        </div>
      </DetailBody>
    </Drawer>
  );
}
