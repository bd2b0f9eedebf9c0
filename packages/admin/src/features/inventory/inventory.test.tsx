/** The number inventory page: filters sent to the server, pattern tags, a bulk change with its preview and confirmation, the import job. */
import type { AdminNumber } from '@haoka/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog, meOf, mockApi, renderConsole } from '../../test/render-console';

const NOW = 1_790_000_000_000;
const row: AdminNumber = {
  id: 11,
  number: '13800008888',
  operatorType: 1,
  provinceName: '广东',
  cityName: '深圳',
  price: '1888.00',
  originalPrice: '2888.00',
  minConsume: '199.00',
  contractMonths: 48,
  status: 1,
  staffLocked: false,
  lockOrderSn: null,
  level: 4,
  patterns: ['A4', 'A3', 'LUCKY8', 'NO4'],
  promoCode: '',
  updatedAt: NOW,
};
const page = { list: [row], total: 1, page: 1, pageSize: 20 };

describe('number inventory page', () => {
  it('shows each number with its pattern tags and sends the filters', async () => {
    const api = mockApi({
      '/api/admin/auth/me': () => meOf('operator'),
      '/api/admin/inventory/list': () => page,
    });
    renderConsole('/inventory');
    await screen.findByRole('heading', { name: '号码库存' });
    const tr = (await screen.findByText('13800008888')).closest('tr') as HTMLElement;
    for (const code of ['A4', 'A3', 'LUCKY8', 'NO4']) expect(within(tr).getByText(code)).toBeTruthy();
    expect(tr.textContent).toContain('在售');
    fireEvent.change(screen.getByLabelText('号码包含'), { target: { value: '8888' } });
    fireEvent.change(screen.getByLabelText('号段'), { target: { value: '138' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(api.callsTo('/api/admin/inventory/list').at(-1)?.query).toEqual({
        page: '1',
        pageSize: '20',
        keyword: '8888',
        segment: '138',
      }),
    );
  });

  it('reprices the whole filter after a preview count and a confirmation, and tells the result', async () => {
    const api = mockApi({
      '/api/admin/auth/me': () => meOf('operator'),
      '/api/admin/inventory/list': () => page,
      '/api/admin/inventory/preview': () => ({ matched: 120, changeable: 118 }),
      '/api/admin/inventory/apply': () => ({ matched: 120, changed: 118 }),
    });
    renderConsole('/inventory');
    await screen.findByText('13800008888');
    fireEvent.click(screen.getByRole('button', { name: '批量修改' }));
    const dialog = await findDialog('批量修改号码');
    fireEvent.change(within(dialog).getByLabelText('新售价（元）'), { target: { value: '88.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '预览数量' }));
    const confirm = await findDialog('确认批量修改？');
    expect(confirm.textContent).toContain('范围内 120 个号码，其中 118 个会被修改');
    expect(api.callsTo('/api/admin/inventory/apply')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: '确认修改' }));
    await waitFor(() =>
      expect(api.callsTo('/api/admin/inventory/apply')[0]?.body).toEqual({
        scope: { filter: {} },
        change: { kind: 'price', price: '88.50' },
      }),
    );
    expect(await screen.findByText('已修改 118 个号码（范围内 120 个）')).toBeTruthy();
  });

  it('imports a file as a job and shows the refused rows', async () => {
    const job = { id: 5, kind: 'inventory.import', progress: 0, total: 2, reason: null, staff: 'operator1', at: NOW };
    const api = mockApi({
      '/api/admin/auth/me': () => meOf('operator'),
      '/api/admin/inventory/list': () => page,
      '/api/admin/inventory/import': () => ({ ...job, status: 'queued', result: null }),
      '/api/admin/inventory/job': () => ({
        ...job,
        status: 'done',
        progress: 2,
        result: { imported: 1, rejected: [{ line: 3, message: 'number: number must be 11 digits starting with 1' }] },
      }),
    });
    renderConsole('/inventory');
    await screen.findByText('13800008888');
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    const dialog = await findDialog('导入号码（CSV / XLSX）');
    const csv = 'number,provinceCode\n13800008888,440000\n123,440000\n';
    const file = new File([csv], 'numbers.csv', { type: 'text/csv' });
    fireEvent.change(within(dialog).getByLabelText('选择文件'), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: '开始导入' }));
    expect(await within(dialog).findByText('导入完成：成功 1 行，失败 1 行')).toBeTruthy();
    expect(within(dialog).getByText('number: number must be 11 digits starting with 1')).toBeTruthy();
    expect(api.callsTo('/api/admin/inventory/import')[0]?.body).toEqual({
      fileName: 'numbers.csv',
      format: 'csv',
      content: csv,
    });
  });

  it('support reads the table without the write buttons', async () => {
    mockApi({
      '/api/admin/auth/me': () => meOf('support'),
      '/api/admin/inventory/list': () => page,
    });
    renderConsole('/inventory');
    await screen.findByText('13800008888');
    expect(screen.queryByRole('button', { name: '批量修改' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导入' })).toBeNull();
  });
});
