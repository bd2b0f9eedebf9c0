/** The owner's staff and audit pages, the real-name queue, and a table's error state. */
import type { AdminRealnameSubmission, AuditLine } from '@haoka/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Fail, findDialog, meOf, mockApi, renderConsole } from '../test/render-console';

const NOW = 1_790_000_000_000;

describe('staff page', () => {
  it('adds a member and shows the one-time password, the TOTP secret, its URI and a QR code once', async () => {
    const api = mockApi({
      '/api/admin/auth/me': () => meOf('owner'),
      '/api/admin/staff/list': () => ({
        list: [
          {
            username: 'owner1',
            role: 'owner',
            disabled: false,
            mustChangePassword: false,
            lockedUntil: null,
            lastLoginAt: NOW,
            createdAt: NOW,
          },
        ],
      }),
      '/api/admin/staff/add': () => ({
        username: 'opal',
        password: 'Xy7-one-time',
        totpSecret: 'JBSWY3DPEHPK3PXP',
        totpUri: 'otpauth://totp/Haoka:opal?secret=JBSWY3DPEHPK3PXP&issuer=Haoka',
      }),
    });
    renderConsole('/staff');
    await screen.findByRole('heading', { name: '员工' });
    await screen.findByText('owner1');
    fireEvent.click(screen.getByRole('button', { name: '添加员工' }));
    const add = await findDialog('添加员工');
    fireEvent.change(within(add).getByLabelText('用户名'), { target: { value: 'Not Valid' } });
    fireEvent.click(within(add).getByRole('button', { name: '添加员工' }));
    expect(await within(add).findByText('用户名格式不正确')).toBeTruthy();
    fireEvent.change(within(add).getByLabelText('用户名'), { target: { value: 'opal' } });
    fireEvent.click(within(add).getByRole('button', { name: '添加员工' }));

    const shown = await findDialog('opal 的一次性凭据');
    expect(api.callsTo('/api/admin/staff/add')[0]?.body).toEqual({ username: 'opal', role: 'operator' });
    expect(within(shown).getByTestId('one-time-password').textContent).toContain('Xy7-one-time');
    expect(within(shown).getByTestId('totp-secret').textContent).toContain('JBSWY3DPEHPK3PXP');
    expect(within(shown).getByTestId('totp-uri').textContent).toContain('otpauth://totp/Haoka:opal');
    const qr = await within(shown).findByRole('img', { name: '动态验证码二维码' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });
});

describe('audit log page', () => {
  it('sends the filters to the server and shows each line with its changes', async () => {
    const line: AuditLine = {
      id: 1,
      at: NOW,
      actor: 'owner1',
      ip: '127.0.0.1',
      action: 'staff.add',
      target: 'staff:opal',
      before: null,
      after: { role: 'operator' },
    };
    const api = mockApi({
      '/api/admin/auth/me': () => meOf('owner'),
      '/api/admin/audit': () => ({ list: [line], total: 1, page: 1, pageSize: 20 }),
    });
    renderConsole('/audit');
    const row = (await screen.findByText('staff:opal')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('staff.add');
    expect(within(row).getByRole('rowheader', { name: 'role' })).toBeTruthy();
    expect(row.textContent).toContain('operator');

    fireEvent.change(screen.getByLabelText('员工'), { target: { value: 'owner1' } });
    fireEvent.change(screen.getByLabelText('操作'), { target: { value: 'staff.' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(api.callsTo('/api/admin/audit').at(-1)?.query).toEqual({
        page: '1',
        pageSize: '20',
        staff: 'owner1',
        action: 'staff.',
      }),
    );
  });

  it("shows a failed table's refusal and retries it", async () => {
    let fail = true;
    const api = mockApi({
      '/api/admin/auth/me': () => meOf('owner'),
      '/api/admin/audit': () =>
        fail ? new Fail(500, 'operationFailed') : { list: [], total: 0, page: 1, pageSize: 20 },
    });
    renderConsole('/audit');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('操作失败');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(api.callsTo('/api/admin/audit').length).toBeGreaterThanOrEqual(2);
    expect(await screen.findAllByText('暂无数据')).not.toHaveLength(0);
  });
});

describe('real-name review page', () => {
  const submission: AdminRealnameSubmission = {
    id: 7,
    simNo: '1440312345603',
    iccid: '89860420192012345603',
    nameMasked: '*三',
    idCardMasked: '110105********002X',
    status: 2,
    remark: '',
    photos: { front: true, back: true, face: false },
    createdAt: NOW,
    reviewedAt: null,
  };

  it('asks for the queue under review, shows the photos, and rejects with the reason', async () => {
    const api = mockApi({
      '/api/admin/auth/me': () => meOf('operator'),
      '/api/admin/realname/list': () => ({ list: [submission], total: 1, page: 1, pageSize: 20 }),
      '/api/admin/realname/photos': () => ({
        front: '/api/upload/file?key=a&exp=1&sig=x',
        back: '/api/upload/file?key=b&exp=1&sig=y',
        face: null,
        expiresAt: NOW + 3_600_000,
      }),
      '/api/admin/realname/reject': () => ({ ...submission, status: 3, remark: '照片不清晰', reviewedAt: NOW }),
    });
    renderConsole('/realname');
    const row = (await screen.findByText('1440312345603')).closest('tr') as HTMLElement;
    expect(api.callsTo('/api/admin/realname/list')[0]?.query).toMatchObject({ status: '2' });

    fireEvent.click(within(row).getByRole('button', { name: '查看照片' }));
    const photos = await findDialog('证件照片');
    expect(api.callsTo('/api/admin/realname/photos')[0]?.body).toEqual({ id: 7 });
    expect(within(photos).getByRole('img', { name: '身份证人像面' }).getAttribute('src')).toContain('key=a');
    expect(within(photos).getByText('未提交')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: '驳回' }));
    const reject = await findDialog('驳回卡 1440312345603 的实名认证');
    fireEvent.change(within(reject).getByLabelText('原因'), { target: { value: '照片不清晰' } });
    fireEvent.click(within(reject).getByRole('button', { name: '驳回' }));
    await waitFor(() =>
      expect(api.callsTo('/api/admin/realname/reject')[0]?.body).toEqual({ id: 7, reason: '照片不清晰' }),
    );
  });

  it('support reads the queue without the review buttons', async () => {
    mockApi({
      '/api/admin/auth/me': () => meOf('support'),
      '/api/admin/realname/list': () => ({ list: [submission], total: 1, page: 1, pageSize: 20 }),
    });
    renderConsole('/realname');
    const row = (await screen.findByText('1440312345603')).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button')).toBeNull();
  });
});
