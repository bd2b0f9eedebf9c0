/**
 * Catalogue and content (BACKOFFICE.md module 6): one page, one tab per kind (`/catalogue/<kind>`), each a
 * server-paged table filtered by promoter, keyword and on/off, with the item's form and shop preview in a
 * drawer and retire/put back on sale after a confirmation. Every kind is drawn from its descriptor
 * (kinds.ts); nothing here is written per kind.
 */
import { adminApi, type CatalogueKind, type CatalogueRow, fenToYuan } from '@haoka/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Image, Input, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useMay } from '../../app/session';
import { formatTime } from '../../components/format';
import {
  type ALL,
  FilterBar,
  SelectFilter,
  ServerTable,
  unlessAll,
  useServerTable,
} from '../../components/server-table';
import { useFeedback } from '../../components/use-action';
import { request } from '../../platform/request';
import { ItemDrawer } from './item-drawer';
import { CATALOGUE_KEY } from './keys';
import { descriptorOf, isCatalogueKind, KIND_ORDER } from './kinds';

interface Filter {
  promoCode?: string;
  keyword?: string;
  enabled?: 0 | 1;
}

/** The drawer's item: an id to edit, or 'new'. */
type Open = { id: number } | 'new' | null;

export function CataloguePage() {
  const { kind } = useParams();
  if (!isCatalogueKind(kind)) return <Navigate to={`/catalogue/${KIND_ORDER[0]}`} replace />;
  return <KindPage key={kind} kind={kind} />;
}

function KindPage({ kind }: { kind: CatalogueKind }) {
  const { t } = useTranslation();
  const may = useMay();
  const navigate = useNavigate();
  const descriptor = descriptorOf(kind);
  const [filter, setFilter] = useState<Filter>({});
  const [open, setOpen] = useState<Open>(null);
  const table = useServerTable(adminApi.listCatalogue, { kind, ...filter }, { key: [...CATALOGUE_KEY, 'list'] });
  const kindName = t(`catalogue.kinds.${kind}`);

  return (
    <section aria-labelledby="catalogue-title">
      <Typography.Title level={2} id="catalogue-title">
        {t('catalogue.title')}
      </Typography.Title>
      <Tabs
        activeKey={kind}
        onChange={(next) => void navigate(`/catalogue/${next}`)}
        items={KIND_ORDER.map((k) => ({ key: k, label: t(`catalogue.kinds.${k}`) }))}
      />
      <FilterBar<{ promoCode?: string; keyword?: string; enabled: typeof ALL | 0 | 1 }>
        name="catalogue-filter"
        onSearch={(v) => {
          const promoCode = v.promoCode?.trim();
          const keyword = v.keyword?.trim();
          const enabled = unlessAll(v.enabled);
          setFilter({
            ...(promoCode ? { promoCode } : {}),
            ...(keyword ? { keyword } : {}),
            ...(enabled !== undefined ? { enabled } : {}),
          });
        }}
        extra={
          may('content.write') && (
            <Form.Item>
              <Button onClick={() => setOpen('new')}>{t('catalogue.add', { kind: kindName })}</Button>
            </Form.Item>
          )
        }
      >
        {!descriptor.siteWide && (
          <Form.Item label={t('catalogue.promoter')} name="promoCode">
            <Input placeholder={t('catalogue.promoterHint')} style={{ width: 160 }} />
          </Form.Item>
        )}
        <Form.Item label={t('catalogue.keyword')} name="keyword">
          <Input style={{ width: 200 }} />
        </Form.Item>
        <SelectFilter<0 | 1>
          label={t('catalogue.state')}
          name="enabled"
          all={t('catalogue.all')}
          width={120}
          options={[
            { value: 1, label: t('catalogue.on') },
            { value: 0, label: t('catalogue.off') },
          ]}
        />
      </FilterBar>
      <ServerTable
        table={table}
        rowKey="id"
        scroll={{ x: 900 }}
        columns={[
          { title: t('catalogue.id'), dataIndex: 'id', width: 80 },
          ...(descriptor.columns.includes('image')
            ? [
                {
                  title: t('catalogue.image'),
                  dataIndex: 'image',
                  width: 80,
                  render: (src: string) =>
                    src ? <Image src={src} width={40} height={40} alt="" style={{ objectFit: 'cover' }} /> : '—',
                },
              ]
            : []),
          { title: t('catalogue.itemTitle'), dataIndex: 'title' },
          ...(descriptor.siteWide
            ? []
            : [
                {
                  title: t('catalogue.promoter'),
                  dataIndex: 'promoCode',
                  render: (code: string) => code || t('catalogue.everyPromoter'),
                },
              ]),
          ...(descriptor.columns.includes('price')
            ? [
                {
                  title: t('catalogue.priceYuan'),
                  dataIndex: 'priceFen',
                  render: (fen: number | null) => (fen === null ? '—' : fenToYuan(fen)),
                },
              ]
            : []),
          ...(descriptor.columns.includes('points')
            ? [
                {
                  title: t(kind === 'coupon' ? 'catalogue.coins' : 'catalogue.points'),
                  dataIndex: 'points',
                  render: (n: number | null) => n ?? '—',
                },
              ]
            : []),
          ...(descriptor.columns.includes('stock')
            ? [
                {
                  title: t('catalogue.stock'),
                  dataIndex: 'stock',
                  render: (n: number | null) => n ?? t('catalogue.unlimited'),
                },
              ]
            : []),
          {
            title: t('catalogue.state'),
            dataIndex: 'enabled',
            render: (on: 0 | 1) => (on ? <Tag color="blue">{t('catalogue.on')}</Tag> : <Tag>{t('catalogue.off')}</Tag>),
          },
          { title: t('catalogue.sort'), dataIndex: 'sort' },
          { title: t('catalogue.updatedAt'), dataIndex: 'updatedAt', render: formatTime },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, row: CatalogueRow) => <RowActions row={row} onOpen={() => setOpen({ id: row.id })} />,
          },
        ]}
      />
      {open && (
        <ItemDrawer
          kind={kind}
          id={open === 'new' ? null : open.id}
          promoCode={filter.promoCode ?? ''}
          onSaved={(id) => setOpen({ id })}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}

function RowActions({ row, onOpen }: { row: CatalogueRow; onOpen: () => void }) {
  const { t } = useTranslation();
  const may = useMay();
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const client = useQueryClient();
  const write = may('content.write');
  const toggle = () => {
    const enabled = row.enabled === 1 ? 0 : 1;
    modal.confirm({
      title: t(enabled ? 'catalogue.enableConfirm' : 'catalogue.retireConfirm', { title: row.title }),
      content: enabled ? t('catalogue.enableHint') : t('catalogue.retireHint'),
      okText: t(enabled ? 'catalogue.enable' : 'catalogue.retire'),
      okButtonProps: enabled ? {} : { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        request(adminApi.setCatalogueEnabled, { kind: row.kind, id: row.id, enabled }).then(() => {
          feedback.success(t(enabled ? 'catalogue.enabled' : 'catalogue.retired', { title: row.title }));
          void client.invalidateQueries({ queryKey: CATALOGUE_KEY });
        }, feedback.failure),
    });
  };
  return (
    <Space>
      <Button
        size="small"
        onClick={onOpen}
        aria-label={t(write ? 'catalogue.editOf' : 'catalogue.viewOf', { title: row.title })}
      >
        {t(write ? 'catalogue.edit' : 'common.detail')}
      </Button>
      {write && (
        <Button
          size="small"
          danger={row.enabled === 1}
          onClick={toggle}
          aria-label={t(row.enabled === 1 ? 'catalogue.retireOf' : 'catalogue.enableOf', { title: row.title })}
        >
          {t(row.enabled === 1 ? 'catalogue.retire' : 'catalogue.enable')}
        </Button>
      )}
    </Space>
  );
}
