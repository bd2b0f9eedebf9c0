/**
 * The number inventory: the shop's search filters plus the status over every promoter's numbers (served by
 * the server's number index), the pattern tags of each number, bulk changes on a selection or the whole
 * filter, the CSV / XLSX import job and the XLSX export.
 */
import { adminApi, type InventoryFilterInput, PATTERN_CODES } from '@haoka/contract';
import { Button, Form, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../app/session';
import { formatTime } from '../../components/format';
import { FilterBar, ServerTable, useServerTable } from '../../components/server-table';
import { toQuery } from '../../platform/request';
import { BulkModal } from './bulk-modal';
import { ImportModal } from './import-modal';
import { INVENTORY_KEY } from './keys';

interface FilterForm {
  status?: number;
  operatorType?: number;
  provinceCode?: string;
  cityCode?: string;
  segment?: string;
  pattern?: string[];
  keyword?: string;
  position?: 'any' | 'tail';
  excludeDigits?: number[];
  priceMin?: number;
  priceMax?: number;
  sort?: 'default' | 'priceAsc' | 'priceDesc';
}

/** Tag colours with enough contrast for their text (axe: 4.5:1). */
const STATUS_COLOR = { 0: 'default', 1: 'blue', 2: 'red', 3: 'default' } as const;

/** The wire filter of the form's values (comma lists as strings, empty values left out). */
function toFilter(values: FilterForm): InventoryFilterInput {
  const { pattern, excludeDigits, ...rest } = values;
  return {
    ...rest,
    ...(pattern && pattern.length > 0 ? { pattern: pattern.join(',') } : {}),
    ...(excludeDigits && excludeDigits.length > 0 ? { excludeDigits: excludeDigits.join(',') } : {}),
  };
}

export function InventoryPage() {
  const { t } = useTranslation();
  const may = useMay();
  const [filter, setFilter] = useState<InventoryFilterInput>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [bulk, setBulk] = useState(false);
  const [importing, setImporting] = useState(false);
  const table = useServerTable(adminApi.listInventory, filter, { key: INVENTORY_KEY });
  const write = may('inventory.write');
  return (
    <section aria-labelledby="inventory-title">
      <Typography.Title level={2} id="inventory-title">
        {t('inventory.title')}
      </Typography.Title>
      <FilterBar<FilterForm>
        onSearch={(values) => {
          setFilter(toFilter(values));
          setSelected([]);
        }}
        onReset={() => {
          setFilter({});
          setSelected([]);
        }}
      >
        <Form.Item label={t('inventory.status')} name="status">
          <Select
            style={{ width: 120 }}
            allowClear
            placeholder={t('inventory.anyStatus')}
            options={[0, 1, 2, 3].map((s) => ({ value: s, label: t(`inventory.statuses.${s as 0}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('inventory.operator')} name="operatorType">
          <Select
            style={{ width: 130 }}
            allowClear
            options={[1, 2, 3, 4].map((o) => ({ value: o, label: t(`inventory.operators.${o as 1}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('inventory.pattern')} name="pattern">
          <Select
            mode="multiple"
            style={{ minWidth: 200 }}
            allowClear
            options={PATTERN_CODES.map((code) => ({ value: code, label: code }))}
          />
        </Form.Item>
        <Form.Item
          label={t('inventory.keyword')}
          name="keyword"
          rules={[{ pattern: /^\d{1,11}$/, message: t('inventory.keyword') }]}
        >
          <Input inputMode="numeric" maxLength={11} style={{ width: 130 }} />
        </Form.Item>
        <Form.Item label={t('inventory.position')} name="position">
          <Select
            style={{ width: 110 }}
            allowClear
            options={(['any', 'tail'] as const).map((p) => ({ value: p, label: t(`inventory.positions.${p}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('inventory.segment')} name="segment" rules={[{ pattern: /^1\d{2}$/ }]}>
          <Input inputMode="numeric" maxLength={3} style={{ width: 70 }} />
        </Form.Item>
        <Form.Item label={t('inventory.province')} name="provinceCode" rules={[{ pattern: /^\d{6}$/ }]}>
          <Input inputMode="numeric" maxLength={6} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item label={t('inventory.city')} name="cityCode" rules={[{ pattern: /^\d{6}$/ }]}>
          <Input inputMode="numeric" maxLength={6} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item label={t('inventory.excludeDigits')} name="excludeDigits">
          <Select
            mode="multiple"
            style={{ minWidth: 120 }}
            allowClear
            options={Array.from({ length: 10 }, (_, d) => ({ value: d, label: String(d) }))}
          />
        </Form.Item>
        <Form.Item label={t('inventory.priceMin')} name="priceMin">
          <InputNumber min={0} precision={0} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item label={t('inventory.priceMax')} name="priceMax">
          <InputNumber min={0} precision={0} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item label={t('inventory.sort')} name="sort">
          <Select
            style={{ width: 150 }}
            allowClear
            options={(['default', 'priceAsc', 'priceDesc'] as const).map((s) => ({
              value: s,
              label: t(`inventory.sorts.${s}`),
            }))}
          />
        </Form.Item>
      </FilterBar>
      <Space style={{ marginBottom: 16 }} wrap>
        {write && (
          <>
            <Button type="primary" onClick={() => setBulk(true)}>
              {t('inventory.bulk')}
            </Button>
            <Button onClick={() => setImporting(true)}>{t('inventory.import')}</Button>
          </>
        )}
        <Button href={`${adminApi.INVENTORY_EXPORT_PATH}${toQuery(filter as Record<string, unknown>)}`} download>
          {t('inventory.export')}
        </Button>
        {selected.length > 0 && <span>{t('inventory.selected', { count: selected.length })}</span>}
      </Space>
      <ServerTable
        table={table}
        rowKey="id"
        scroll={{ x: 1200 }}
        rowSelection={
          write
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                // The select-all box would also sit in the table's hidden measure row (a focusable
                // element under aria-hidden); rows are selected one by one.
                hideSelectAll: true,
                onChange: (keys) => setSelected(keys.map(Number)),
              }
            : undefined
        }
        columns={[
          { title: t('inventory.number'), dataIndex: 'number' },
          {
            title: t('inventory.operator'),
            dataIndex: 'operatorType',
            render: (o: number) => t(`inventory.operators.${o as 1}`),
          },
          { title: t('inventory.region'), key: 'region', render: (_, n) => `${n.provinceName} ${n.cityName}` },
          { title: t('inventory.price'), dataIndex: 'price', render: (v: string) => `¥${v}` },
          { title: t('inventory.originalPrice'), dataIndex: 'originalPrice', render: (v: string) => `¥${v}` },
          { title: t('inventory.minConsume'), dataIndex: 'minConsume', render: (v: string) => `¥${v}` },
          { title: t('inventory.level'), dataIndex: 'level' },
          {
            title: t('inventory.patterns'),
            dataIndex: 'patterns',
            render: (codes: string[]) => (
              <Space size={[0, 4]} wrap>
                {codes.map((c) => (
                  <Tag key={c}>{c}</Tag>
                ))}
              </Space>
            ),
          },
          {
            title: t('inventory.status'),
            dataIndex: 'status',
            render: (s: 0 | 1 | 2 | 3, n) => (
              <Space size={4} wrap>
                <Tag color={STATUS_COLOR[s]}>{t(`inventory.statuses.${s}`)}</Tag>
                {n.staffLocked && <span>{t('inventory.staffLocked')}</span>}
                {n.lockOrderSn && <span>{t('inventory.orderLocked', { orderSn: n.lockOrderSn })}</span>}
              </Space>
            ),
          },
          { title: t('inventory.promoCode'), dataIndex: 'promoCode', render: (p: string) => p || '—' },
          { title: t('inventory.updatedAt'), dataIndex: 'updatedAt', render: formatTime },
        ]}
      />
      {bulk && (
        <BulkModal
          selection={selected}
          filter={filter}
          onClose={() => setBulk(false)}
          onDone={() => {
            setBulk(false);
            setSelected([]);
          }}
        />
      )}
      {importing && <ImportModal onClose={() => setImporting(false)} />}
    </section>
  );
}
