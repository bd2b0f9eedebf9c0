/**
 * The catalogue page: a kind's rows (yuan, unlimited stock, every promoter), a new package's price typed in
 * yuan and sent in fen with the shop preview after the save, a mall goods' SKU list, retiring after a
 * confirmation, a server refusal shown on its field, and support reading without writing.
 */
import {
  CATALOGUE_KINDS,
  type CatalogueEntry,
  type CatalogueRow,
  catalogueItem,
  type StaffRole,
} from '@haoka/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { enUS } from '../../i18n/en-US';
import { zhCN } from '../../i18n/zh-CN';
import { Fail, findDialog, meOf, mockApi, renderConsole, type StubHandlers } from '../../test/render-console';
import { type FieldSpec, labelOf } from './field-spec';
import { descriptorOf, KIND_ORDER } from './kinds';

const NOW = 1_790_000_000_000;

function row(overrides: Partial<CatalogueRow> = {}): CatalogueRow {
  return {
    kind: 'package',
    id: 7,
    promoCode: '',
    title: '月享 30G',
    image: '',
    priceFen: 1990,
    points: null,
    stock: null,
    enabled: 1,
    sort: 10,
    updatedAt: NOW,
    ...overrides,
  };
}

const PACKAGE: CatalogueEntry = {
  id: 7,
  item: {
    kind: 'package',
    promoCode: '',
    operatorType: null,
    name: '月享 30G',
    packageType: 1,
    flowMb: 30_720,
    isInfiniteFlow: 0,
    duration: 1,
    durationUnit: 2,
    priceFen: 1990,
    originalPriceFen: 2990,
    gPriceFen: 0,
    tags: ['热销'],
    effectTypes: [1],
    stock: null,
    limitTimes: null,
    renewable: 0,
    giftIntegral: 0,
    remark: '',
    sort: 10,
    status: 1,
  },
  preview: { path: '/pages/iot/index/package/details/index?packageId=7' },
};

const MALL: CatalogueEntry = {
  id: 3,
  item: {
    kind: 'mall',
    promoCode: 'demo',
    categoryId: null,
    name: '保温杯',
    image: '/media/cup.png',
    images: [],
    points: 500,
    cashFen: 0,
    stock: 8,
    deliveryType: 1,
    limitPerOrder: 1,
    limitPerCard: null,
    freightFen: 0,
    detail: '',
    sort: 0,
    enabled: 1,
    skus: [{ id: 31, specText: '白色', points: 500, cashFen: 0, stock: 8, sort: 0 }],
  },
  preview: null,
};

/** The console with a catalogue that keeps what was saved: an item answers with its last saved fields. */
function consoleOf(role: StaffRole, handlers: StubHandlers = {}) {
  const saved: Record<string, Record<string, unknown>> = {};
  const entryOf = (kind: string): CatalogueEntry => {
    const entry = kind === 'mall' ? MALL : PACKAGE;
    return { ...entry, item: { ...entry.item, ...saved[kind] } as CatalogueEntry['item'] };
  };
  return mockApi({
    '/api/admin/auth/me': () => meOf(role),
    '/api/admin/catalogue/list': (call) => ({
      list: [
        call.query.kind === 'mall'
          ? row({ kind: 'mall', id: 3, title: '保温杯', promoCode: 'demo', priceFen: null, points: 500, stock: 8 })
          : row(),
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    }),
    '/api/admin/catalogue/item': (call) => entryOf(call.query.kind ?? ''),
    '/api/admin/catalogue/save': (call) => {
      const body = call.body as { id?: number; item: Record<string, unknown> };
      saved[String(body.item.kind)] = body.item;
      return { id: body.id ?? 7 };
    },
    '/api/admin/catalogue/enabled': () => null,
    '/api/admin/catalogue/mall-categories': () => [{ id: 2, promoCode: '', name: '生活好物', enabled: 1 }],
    ...handlers,
  });
}

async function packagesPage() {
  renderConsole('/catalogue/package');
  await screen.findByRole('heading', { name: '内容管理' });
  return (await screen.findByText('月享 30G')).closest('tr') as HTMLElement;
}

async function openMall() {
  renderConsole('/catalogue/mall');
  fireEvent.click(await screen.findByRole('button', { name: '编辑 保温杯' }));
  const drawer = await findDialog('积分商城 #3');
  await within(drawer).findByDisplayValue('白色');
  return drawer;
}

describe('catalogue page', () => {
  it("shows a kind's rows from the server: price in yuan, unlimited stock, every promoter", async () => {
    const api = consoleOf('operator');
    const tr = await packagesPage();
    expect(tr.textContent).toContain('19.90');
    expect(tr.textContent).toContain('不限');
    expect(tr.textContent).toContain('全部推广商');
    expect(tr.textContent).toContain('上架');
    expect(api.callsTo('/api/admin/catalogue/list')[0]?.query).toEqual({ kind: 'package', page: '1', pageSize: '20' });

    fireEvent.change(screen.getByLabelText('推广商'), { target: { value: ' demo ' } });
    fireEvent.change(screen.getByLabelText('关键词'), { target: { value: '30G' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(api.callsTo('/api/admin/catalogue/list').at(-1)?.query).toEqual({
        kind: 'package',
        page: '1',
        pageSize: '20',
        promoCode: 'demo',
        keyword: '30G',
      }),
    );
  });

  it('sends a new package priced in yuan as fen, then shows where the shop shows it', { timeout: 60_000 }, async () => {
    const api = consoleOf('operator');
    await packagesPage();
    fireEvent.click(screen.getByRole('button', { name: '新增流量套餐' }));
    const drawer = await findDialog('新增流量套餐');
    // No preview before the item exists.
    expect(within(drawer).queryByTitle('商城预览')).toBeNull();
    // The drawer's promoter field has an id of its own (the filter's field has the same name): its label
    // names it, not the filter's.
    const promoter = within(drawer).getByLabelText('推广码');
    expect(document.querySelectorAll(`[id="${promoter.id}"]`)).toHaveLength(1);
    fireEvent.change(within(drawer).getByLabelText('名称'), { target: { value: '周末 10G' } });
    fireEvent.change(within(drawer).getByLabelText('流量（MB）'), { target: { value: '10240' } });
    fireEvent.change(within(drawer).getByLabelText('售价（元）'), { target: { value: '19.9' } });
    fireEvent.change(within(drawer).getByLabelText('原价（元）'), { target: { value: '29.99' } });
    // The draft's card follows what is typed.
    await waitFor(() => expect(within(drawer).getByTestId('draft-card').textContent).toContain('周末 10G¥19.90¥29.99'));
    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.callsTo('/api/admin/catalogue/save')).toHaveLength(1));
    const body = api.callsTo('/api/admin/catalogue/save')[0]?.body as { id?: number; item: Record<string, unknown> };
    expect(body.id).toBeUndefined();
    expect(body.item).toMatchObject({
      kind: 'package',
      promoCode: '',
      operatorType: null,
      name: '周末 10G',
      flowMb: 10240,
      priceFen: 1990,
      originalPriceFen: 2999,
      effectTypes: [1],
      status: 1,
    });

    // Saved: the drawer now edits item 7 and shows its shop page.
    const edit = await findDialog('流量套餐 #7');
    const frame = (await within(edit).findByTitle('商城预览')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('/shop/#/pages/iot/index/package/details/index?packageId=7');
    expect(within(edit).getByRole('link', { name: '在商城中打开' }).getAttribute('href')).toBe(
      '/shop/#/pages/iot/index/package/details/index?packageId=7',
    );
    expect((within(edit).getByLabelText('售价（元）') as HTMLInputElement).value).toBe('19.90');
    // A package for any operator shows 不限, not an empty choice.
    expect(within(edit).getByLabelText('运营商').closest('.ant-select')?.textContent).toContain('不限');
  });

  // The mall's form is the largest: on a busy machine its steps take a while.
  it("edits a mall goods' SKU list: adds an option and sends every option with its cash in fen", {
    timeout: 60_000,
  }, async () => {
    const api = consoleOf('operator');
    const drawer = await openMall();
    expect(within(drawer).getByLabelText('分类').closest('.ant-select')?.textContent).toContain('未分类');
    fireEvent.click(within(drawer).getByRole('button', { name: '添加规格' }));
    const names = within(drawer).getAllByLabelText('规格名称');
    expect(names).toHaveLength(2);
    fireEvent.change(names[1] as HTMLElement, { target: { value: '黑色' } });
    fireEvent.change(within(drawer).getAllByLabelText('积分')[1] as HTMLElement, { target: { value: '600' } });
    fireEvent.change(within(drawer).getAllByLabelText('现金（元）')[1] as HTMLElement, { target: { value: '5.5' } });
    fireEvent.change(within(drawer).getAllByLabelText('库存')[1] as HTMLElement, { target: { value: '4' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.callsTo('/api/admin/catalogue/save')).toHaveLength(1));
    const body = api.callsTo('/api/admin/catalogue/save')[0]?.body as { id: number; item: { skus: unknown[] } };
    expect(body.id).toBe(3);
    expect(body.item).toMatchObject({ kind: 'mall', categoryId: null, name: '保温杯' });
    expect(body.item.skus).toEqual([
      { id: 31, specText: '白色', points: 500, cashFen: 0, stock: 8, sort: 0 },
      { specText: '黑色', points: 600, cashFen: 550, stock: 4, sort: 0 },
    ]);
    // The form shows the goods as saved: the cash read back from fen.
    await within(drawer).findByDisplayValue('5.50');
  });

  it("removes a mall goods' option: the others are sent without it", { timeout: 60_000 }, async () => {
    const api = consoleOf('operator');
    const drawer = await openMall();
    fireEvent.click(within(drawer).getByRole('button', { name: '删除规格 1' }));
    expect(within(drawer).queryByDisplayValue('白色')).toBeNull();
    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.callsTo('/api/admin/catalogue/save')).toHaveLength(1));
    const body = api.callsTo('/api/admin/catalogue/save')[0]?.body as { item: { skus: unknown[] } };
    expect(body.item.skus).toEqual([]);
  });

  it('retires an item only after a confirmation', async () => {
    const api = consoleOf('operator');
    await packagesPage();
    fireEvent.click(screen.getByRole('button', { name: '下架 月享 30G' }));
    const confirm = await findDialog('下架“月享 30G”？');
    expect(api.callsTo('/api/admin/catalogue/enabled')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: '下架' }));
    await waitFor(() =>
      expect(api.callsTo('/api/admin/catalogue/enabled')[0]?.body).toEqual({ kind: 'package', id: 7, enabled: 0 }),
    );
    expect(await screen.findByText('“月享 30G”已下架')).toBeTruthy();
  });

  it("shows the server's refusal on the field it names, and keeps the form open", { timeout: 60_000 }, async () => {
    consoleOf('operator', {
      '/api/admin/catalogue/save': () => new Fail(200, 'catalogueKeyTaken', { field: 'name' }),
    });
    await packagesPage();
    fireEvent.click(screen.getByRole('button', { name: '编辑 月享 30G' }));
    const drawer = await findDialog('流量套餐 #7');
    await within(drawer).findByDisplayValue('月享 30G');
    fireEvent.click(within(drawer).getByRole('button', { name: '保存' }));
    const error = await within(drawer).findByText('已存在同名条目（同一推广码下不能重名）');
    const item = error.closest('.ant-form-item') as HTMLElement;
    expect(within(item).getByLabelText('名称')).toBeTruthy();
  });

  it('lets support read an item but not add, edit or retire', async () => {
    consoleOf('support');
    await packagesPage();
    expect(screen.queryByRole('button', { name: '新增流量套餐' })).toBeNull();
    expect(screen.queryByRole('button', { name: '下架 月享 30G' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '查看 月享 30G' }));
    const drawer = await findDialog('流量套餐 #7');
    expect(((await within(drawer).findByLabelText('名称')) as HTMLInputElement).disabled).toBe(true);
    expect(within(drawer).queryByRole('button', { name: '保存' })).toBeNull();
  });
});

/** The keys a list of specs edits, nested ones dotted (`privileges.gi`, `skus.specText`). */
function editedKeys(fields: readonly FieldSpec[], prefix = ''): string[] {
  return fields.flatMap((f) =>
    f.type === 'list' ? editedKeys(f.fields, `${prefix}${f.name}.`) : [`${prefix}${f.name}`],
  );
}

/** The keys of a zod object schema, nested objects and arrays of objects dotted. */
function schemaKeys(schema: unknown, prefix = ''): string[] {
  const def = (schema as { _zod: { def: Record<string, unknown> } })._zod.def;
  if (def.type === 'default' || def.type === 'optional' || def.type === 'nullable')
    return schemaKeys(def.innerType, prefix);
  if (def.type === 'array' && (def.element as { _zod: { def: { type: string } } })._zod.def.type === 'object')
    return schemaKeys(def.element, prefix);
  if (def.type !== 'object') return [prefix.slice(0, -1)];
  return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, value]) =>
    schemaKeys(value, `${prefix}${key}.`),
  );
}

describe('the kinds the console edits', () => {
  it('has a descriptor for every kind of the contract, whose form edits exactly the fields of its item', () => {
    expect([...KIND_ORDER].sort()).toEqual([...CATALOGUE_KINDS].sort());
    for (const schema of catalogueItem.options) {
      const kind = schema.shape.kind.value;
      const edited = editedKeys(descriptorOf(kind).fields).sort();
      // `kind` is fixed by the tab; a stored SKU's id is sent back as it came.
      const keys = schemaKeys(schema)
        .filter((k) => k !== 'kind' && k !== 'skus.id')
        .sort();
      expect(edited, kind).toEqual(keys);
    }
  });

  it('names every field, hint and option of every kind in both languages', () => {
    const walk = (fields: readonly FieldSpec[]): FieldSpec[] =>
      fields.flatMap((f) => (f.type === 'list' ? [f, ...walk(f.fields)] : [f]));
    for (const [language, texts] of [
      ['zh-CN', zhCN.catalogue],
      ['en-US', enUS.catalogue],
    ] as const) {
      const fields = texts.fields as Record<string, string>;
      const help = texts.help as Record<string, string>;
      const options = texts.options as Record<string, Record<string, string>>;
      for (const kind of KIND_ORDER) {
        expect(texts.kinds[kind], `${language} ${kind}`).toBeTruthy();
        for (const spec of walk(descriptorOf(kind).fields)) {
          expect(fields[labelOf(spec)], `${language} ${kind}.${spec.name}`).toBeTruthy();
          if (spec.help) expect(help[spec.help], `${language} help ${spec.help}`).toBeTruthy();
          if (spec.type === 'select')
            for (const value of spec.values)
              expect(options[spec.options]?.[String(value)], `${language} ${spec.options}.${value}`).toBeTruthy();
        }
      }
    }
  });
});
