/** The server-paged table every list page uses: its page state, its loading and error states, its filter bar. */
import { type AuditLine, adminApi } from '@haoka/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../app/providers';
import { Fail, mockApi } from '../test/render-console';
import { FilterBar, SelectFilter, ServerTable, unlessAll, useServerTable } from './server-table';

const NOW = 1_790_000_000_000;
const lineOf = (id: number): AuditLine => ({
  id,
  at: NOW,
  actor: 'owner1',
  ip: null,
  action: 'staff.add',
  target: `target-${id}`,
  before: null,
  after: null,
});
/** The page `query` asks for out of `total` lines. */
function pageOf(query: Record<string, string>, total = 45) {
  const page = Number(query.page);
  const pageSize = Number(query.pageSize);
  const first = (page - 1) * pageSize;
  const list = Array.from({ length: Math.max(0, Math.min(pageSize, total - first)) }, (_, i) => lineOf(first + i + 1));
  return { list, total, page, pageSize };
}

interface Filters {
  action?: string;
}

function AuditTable({ withReset = true }: { withReset?: boolean }) {
  const [filters, setFilters] = useState<Filters>({});
  const table = useServerTable(adminApi.auditLog, filters);
  return (
    <>
      <FilterBar<Filters>
        onSearch={setFilters}
        onReset={withReset ? () => setFilters({}) : undefined}
        extra={
          <Form.Item>
            <Button>extra action</Button>
          </Form.Item>
        }
      >
        <Form.Item label="action" name="action">
          <Input />
        </Form.Item>
      </FilterBar>
      <ServerTable table={table} rowKey="id" columns={[{ title: 'target', dataIndex: 'target' }]} />
    </>
  );
}

function ActionTable() {
  const [filters, setFilters] = useState<{ action?: string }>({});
  const table = useServerTable(adminApi.auditLog, { action: unlessAll(filters.action) });
  return (
    <>
      <FilterBar<{ action?: string }> onSearch={setFilters}>
        <SelectFilter
          label="action"
          name="action"
          all="any action"
          width={160}
          options={[{ value: 'staff.add', label: 'staff added' }]}
        />
      </FilterBar>
      <ServerTable table={table} rowKey="id" columns={[{ title: 'target', dataIndex: 'target' }]} />
    </>
  );
}

function renderTable(withReset = true) {
  return render(
    <Providers client={createQueryClient()}>
      <AuditTable withReset={withReset} />
    </Providers>,
  );
}

describe('useServerTable with ServerTable and FilterBar', () => {
  it('asks for the page clicked, and goes back to page 1 when the filters change or are reset', async () => {
    const api = mockApi({ '/api/admin/audit': (call) => pageOf(call.query) });
    renderTable();
    await screen.findByText('target-1');
    expect(screen.getByText('共 45 条')).toBeTruthy();

    fireEvent.click(screen.getByTitle('3'));
    await screen.findByText('target-41');
    expect(api.callsTo('/api/admin/audit').at(-1)?.query).toEqual({ page: '3', pageSize: '20' });

    fireEvent.change(screen.getByLabelText('action'), { target: { value: 'staff.' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(api.callsTo('/api/admin/audit').at(-1)?.query).toEqual({ page: '1', pageSize: '20', action: 'staff.' }),
    );
    await screen.findByText('target-1');
    // The new filters never went out with the old page number.
    expect(api.callsTo('/api/admin/audit').filter((c) => c.query.action && c.query.page !== '1')).toEqual([]);

    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('target-21');
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(api.callsTo('/api/admin/audit').at(-1)?.query).toEqual({ page: '1', pageSize: '20' }));
    expect((screen.getByLabelText('action') as HTMLInputElement).value).toBe('');
    await screen.findByText('target-1');
  });

  it('keeps the previous page on screen, loading, until the next one arrives', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const query = Object.fromEntries(new URL(url, 'http://localhost').searchParams);
        if (query.page === '2') await held;
        return new Response(JSON.stringify({ code: 0, message: 'ok', data: pageOf(query) }), { status: 200 });
      }),
    );
    const { container } = renderTable();
    await screen.findByText('target-1');

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).not.toBeNull());
    expect(screen.getByText('target-1')).toBeTruthy();
    expect(screen.queryByText('暂无数据')).toBeNull();

    release();
    await screen.findByText('target-21');
    expect(screen.queryByText('target-1')).toBeNull();
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).toBeNull());
  });

  it('shows a failed page as an alert with the refusal, and its retry asks again', async () => {
    let fail = true;
    const api = mockApi({
      '/api/admin/audit': (call) => (fail ? new Fail(500, 'operationFailed') : pageOf(call.query, 3)),
    });
    renderTable();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('操作失败');
    expect(api.callsTo('/api/admin/audit')).toHaveLength(1);

    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    await screen.findByText('target-3');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo('/api/admin/audit')).toHaveLength(2);
  });

  it('the filter bar offers reset only when the page handles it, and its extra after the buttons', async () => {
    mockApi({ '/api/admin/audit': (call) => pageOf(call.query, 0) });
    renderTable(false);
    await screen.findAllByText('暂无数据');
    expect(screen.queryByRole('button', { name: '重置' })).toBeNull();
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons.indexOf('extra action')).toBeGreaterThan(buttons.indexOf('查询'));
  });

  it("a select filter starts at its 'all' choice, which sends no filter", async () => {
    const api = mockApi({ '/api/admin/audit': (call) => pageOf(call.query, 3) });
    render(
      <Providers client={createQueryClient()}>
        <ActionTable />
      </Providers>,
    );
    await screen.findByText('target-1');
    const choose = async (label: string) => {
      fireEvent.mouseDown(screen.getByLabelText('action'));
      fireEvent.click(await screen.findByTitle(label));
      fireEvent.click(screen.getByRole('button', { name: '查询' }));
    };
    expect(screen.getByTitle('any action')).toBeTruthy();
    await choose('staff added');
    await waitFor(() =>
      expect(api.callsTo('/api/admin/audit').at(-1)?.query).toEqual({ page: '1', pageSize: '20', action: 'staff.add' }),
    );
    await choose('any action');
    await waitFor(() => expect(api.callsTo('/api/admin/audit').at(-1)?.query).toEqual({ page: '1', pageSize: '20' }));
  });
});
