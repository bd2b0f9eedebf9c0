/**
 * The staff console's foundation over the real app and a real database (SQLite and PostgreSQL): sign-in
 * with password and TOTP (replays refused), lockout after five failures and its end 15 minutes later,
 * the per-address limit, CSRF, the first password change, the 8-hour idle timeout, logout and
 * revocation, every role against every admin endpoint by the contract's table, and the audit lines.
 * Time runs on a faked Date, moved a TOTP step before each sign-in.
 */
import {
  adminApi,
  type Endpoint,
  type EndpointPermission,
  ROLE_PERMISSIONS,
  roleMay,
  STAFF_PERMISSIONS,
  STAFF_ROLES,
} from '@haoka/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLI_ACTOR, recordAudit } from '../../http/audit.js';
import { STAFF_IDLE_MS } from '../../http/staff-sessions.js';
import { totpCode } from '../../lib/totp.js';
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import {
  activeStaff,
  CHOSEN_PASSWORD,
  cookieOf,
  nextTotpStep,
  type StaffSignIn,
  signIn,
  staffCall,
} from '../../test/staff.js';
import { addStaff, LOCK_MS, LOGIN_FAILURES_PER_IP } from './service.js';

let t: TestApp;
let owner: StaffSignIn;
const START = Date.parse('2026-11-02T02:00:00Z');

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
  t = await createTestApp({ demo: false });
  owner = await activeStaff(t, 'boss', 'owner');
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});
beforeEach(() => nextTotpStep());

const call = staffCall;
const login = (username: string, password: string, code: string, remoteAddress = '127.0.0.1') =>
  call(t, adminApi.login, { username, password, code }, { remoteAddress });
const auditOf = async (query: { staff?: string; action?: string; target?: string; from?: number; to?: number }) => {
  const res = await call(t, adminApi.auditLog, { page: 1, pageSize: 50, ...query }, { as: owner });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

/** Every admin endpoint that needs a session, logout last (it ends the session the walk uses). */
const STAFF_ENDPOINTS = (Object.values(adminApi) as unknown[])
  .filter((v): v is Endpoint => typeof v === 'object' && v !== null && 'auth' in v && 'path' in v)
  .filter((e) => e.auth === 'staff')
  .sort((a, b) => Number(a === adminApi.logout) - Number(b === adminApi.logout));

describe(`staff sign-in on ${TEST_DB}`, () => {
  it('signs in with password and code, sets an HttpOnly SameSite=Strict cookie, and answers me', async () => {
    const credentials = await addStaff(t.app.ctx.db, { username: 'ana', role: 'operator' }, CLI_ACTOR);
    const res = await login('ana', credentials.password, totpCode(credentials.totpSecret, Date.now()));
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ username: 'ana', role: 'operator', mustChangePassword: true });
    expect(res.body.data.permissions).toEqual([...ROLE_PERMISSIONS.operator]);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^haoka_staff=[0-9a-f]{64}; Path=\/api\/admin; HttpOnly; SameSite=Strict$/);
    // Not Secure outside production: the console may run on http://localhost.
    expect(setCookie).not.toContain('Secure');

    const session: StaffSignIn = {
      credentials,
      cookie: cookieOf(res.headers),
      csrf: res.body.data.csrfToken,
      me: res.body.data,
    };
    const me = await call(t, adminApi.me, {}, { as: session });
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual(res.body.data);
  });

  it('refuses a wrong code, a wrong password and an unknown user alike, and a replayed code', async () => {
    const credentials = await addStaff(t.app.ctx.db, { username: 'ben', role: 'support' }, CLI_ACTOR);
    const code = totpCode(credentials.totpSecret, Date.now());
    const wrongCode = code === '000000' ? '000001' : '000000';
    for (const res of [
      await login('ben', credentials.password, wrongCode),
      await login('ben', 'not-the-password', code),
      await login('nobody', credentials.password, code),
    ]) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: -1, reason: 'staffLoginFailed' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await login('ben', credentials.password, code)).body.code).toBe(0);
    // The same code again, within its 30 seconds: a replay.
    expect((await login('ben', credentials.password, code)).body).toMatchObject({ reason: 'staffLoginFailed' });
    // The previous step's code is within the window but older than the one used: refused too.
    expect(
      (await login('ben', credentials.password, totpCode(credentials.totpSecret, Date.now() - 30_000))).body.reason,
    ).toBe('staffLoginFailed');
    nextTotpStep();
    expect((await login('ben', credentials.password, totpCode(credentials.totpSecret, Date.now()))).body.code).toBe(0);
  });

  it('locks the account after 5 failures, refuses the right password for 15 minutes, then lets it in', async () => {
    const credentials = await addStaff(t.app.ctx.db, { username: 'cleo', role: 'finance' }, CLI_ACTOR);
    const from = Date.now();
    const right = () => login('cleo', credentials.password, totpCode(credentials.totpSecret, Date.now()), '10.0.1.1');
    for (let i = 1; i <= 4; i++) {
      const res = await login('cleo', `wrong-${i}`, totpCode(credentials.totpSecret, Date.now()), '10.0.1.1');
      expect(res.body.reason, `failure ${i}`).toBe('staffLoginFailed');
    }
    const fifth = await login('cleo', 'wrong-5', totpCode(credentials.totpSecret, Date.now()), '10.0.1.1');
    expect(fifth.body).toMatchObject({ code: -1, reason: 'staffLocked', data: { lockedUntil: Date.now() + LOCK_MS } });

    nextTotpStep();
    expect((await right()).body.reason).toBe('staffLocked');
    vi.setSystemTime(from + LOCK_MS - 60_000);
    expect((await right()).body.reason).toBe('staffLocked');
    vi.setSystemTime(from + LOCK_MS + 60_000);
    expect((await right()).body.code).toBe(0);

    const lines = await auditOf({ target: 'staff:cleo', action: 'auth.' });
    const actions = lines.list.map((l) => l.action).reverse();
    expect(actions).toEqual([
      ...Array(5).fill('auth.loginFailed'),
      'auth.lockout',
      'auth.loginFailed',
      'auth.loginFailed',
      'auth.login',
    ]);
    const lockout = lines.list.find((l) => l.action === 'auth.lockout');
    expect(lockout).toMatchObject({ actor: 'cleo', ip: '10.0.1.1', after: { lockedUntil: expect.any(Number) } });
    const failed = lines.list.filter((l) => l.action === 'auth.loginFailed');
    expect(failed[failed.length - 1]).toMatchObject({
      actor: 'cleo',
      ip: '10.0.1.1',
      after: { cause: 'password', failures: 1 },
    });
    expect(failed[0]).toMatchObject({ after: { cause: 'locked' } });
  });

  it('counts concurrent failures too: a burst of guesses locks the account', async () => {
    const credentials = await addStaff(t.app.ctx.db, { username: 'cody', role: 'support' }, CLI_ACTOR);
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login('cody', `guess-${i}`, '123456', `10.0.4.${i + 1}`)),
    );
    expect(burst.every((res) => res.body.code === -1)).toBe(true);
    nextTotpStep();
    const right = await login('cody', credentials.password, totpCode(credentials.totpSecret, Date.now()), '10.0.4.99');
    expect(right.body.reason).toBe('staffLocked');
  });

  it('limits failures per address, whatever usernames it tries', async () => {
    const credentials = await addStaff(t.app.ctx.db, { username: 'dora', role: 'support' }, CLI_ACTOR);
    for (let i = 0; i < LOGIN_FAILURES_PER_IP.limit; i++) {
      expect((await login(`guess${i}`, 'whatever-pass', '123456', '10.0.2.2')).body.reason).toBe('staffLoginFailed');
    }
    const code = totpCode(credentials.totpSecret, Date.now());
    expect((await login('dora', credentials.password, code, '10.0.2.2')).body).toMatchObject({
      code: -1,
      reason: 'tooManyRequests',
    });
    // Another address is not held back.
    expect((await login('dora', credentials.password, code, '10.0.2.3')).body.code).toBe(0);
    const unknown = await auditOf({ target: 'staff:guess0' });
    expect(unknown.list).toMatchObject([
      { action: 'auth.loginFailed', actor: 'guess0', after: { cause: 'unknownUser' } },
    ]);
  });
});

describe(`staff sessions on ${TEST_DB}`, () => {
  it('answers 401 with the envelope to every staff endpoint without a session, or with an unknown one', async () => {
    for (const endpoint of STAFF_ENDPOINTS) {
      for (const as of [null, { ...owner, cookie: 'ab'.repeat(32) }]) {
        const res = await call(t, endpoint, {} as never, { as });
        expect(res.status, endpoint.path).toBe(401);
        expect(res.body, endpoint.path).toMatchObject({ code: -1, reason: 'staffSignInRequired', data: null });
        expect(res.body.message).toBe('请先登录管理后台');
      }
    }
  });

  it('refuses every write without the CSRF header, or with another value (403)', async () => {
    const writes = STAFF_ENDPOINTS.filter((e) => e.method === 'POST');
    expect(writes.length).toBeGreaterThan(3);
    for (const endpoint of writes) {
      for (const csrf of [null, 'f'.repeat(64), '']) {
        const res = await call(t, endpoint, {} as never, { as: owner, csrf });
        expect(res.status, endpoint.path).toBe(403);
        expect(res.body, endpoint.path).toMatchObject({ code: -1, reason: 'staffCsrfInvalid' });
      }
    }
    // Another session's token does not do either.
    const other = await activeStaff(t, 'eve', 'owner');
    const res = await call(
      t,
      adminApi.addStaff,
      { username: 'nope', role: 'support' },
      { as: owner, csrf: other.csrf },
    );
    expect(res.body.reason).toBe('staffCsrfInvalid');
    expect((await call(t, adminApi.listStaff, {}, { as: owner })).body.data.list.map((m) => m.username)).not.toContain(
      'nope',
    );
  });

  it('makes the first sign-in change the password before anything else', async () => {
    const credentials = (await call(t, adminApi.addStaff, { username: 'fay', role: 'owner' }, { as: owner })).body.data;
    const session = await signIn(t, credentials);
    expect(session.me.mustChangePassword).toBe(true);
    const blocked = await call(t, adminApi.listStaff, {}, { as: session });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ code: -1, reason: 'staffPasswordChangeRequired' });
    expect((await call(t, adminApi.me, {}, { as: session })).body.data.mustChangePassword).toBe(true);

    const change = (currentPassword: string, newPassword: string) =>
      call(t, adminApi.changePassword, { currentPassword, newPassword }, { as: session });
    expect((await change('not-it-at-all', CHOSEN_PASSWORD)).body.reason).toBe('staffPasswordWrong');
    expect((await change(credentials.password, 'short')).body).toMatchObject({ code: -1, reason: 'staffPasswordWeak' });
    expect((await change(credentials.password, credentials.password)).body.reason).toBe('staffPasswordWeak');
    const done = await change(credentials.password, CHOSEN_PASSWORD);
    expect(done.body).toMatchObject({ code: 0, data: { mustChangePassword: false, csrfToken: session.csrf } });
    expect((await call(t, adminApi.listStaff, {}, { as: session })).status).toBe(200);

    // The one-time password is spent; the chosen one signs in.
    nextTotpStep();
    expect((await login('fay', credentials.password, totpCode(credentials.totpSecret, Date.now()))).body.reason).toBe(
      'staffLoginFailed',
    );
    nextTotpStep();
    expect((await login('fay', CHOSEN_PASSWORD, totpCode(credentials.totpSecret, Date.now()))).body.code).toBe(0);
    const lines = await auditOf({ target: 'staff:fay', action: 'auth.passwordChange' });
    expect(lines.list).toMatchObject([
      { actor: 'fay', before: { mustChangePassword: true }, after: { mustChangePassword: false } },
    ]);
  });

  it('ends a session after 8 hours idle, and slides it on use', async () => {
    const session = await activeStaff(t, 'gus', 'support');
    vi.setSystemTime(Date.now() + STAFF_IDLE_MS - 60_000);
    expect((await call(t, adminApi.me, {}, { as: session })).status).toBe(200);
    vi.setSystemTime(Date.now() + STAFF_IDLE_MS - 60_000);
    expect((await call(t, adminApi.me, {}, { as: session })).status).toBe(200);
    vi.setSystemTime(Date.now() + STAFF_IDLE_MS);
    const res = await call(t, adminApi.me, {}, { as: session });
    expect(res.status).toBe(401);
    expect(res.body.reason).toBe('staffSignInRequired');
    // The owner of the other tests idled out too.
    owner = await signIn(t, owner.credentials);
  });

  it('ends the session on logout, and on disable and reset by an owner', async () => {
    const hal = await activeStaff(t, 'hal', 'operator');
    const out = await call(t, adminApi.logout, {}, { as: hal });
    expect(out.body.code).toBe(0);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await call(t, adminApi.me, {}, { as: hal })).status).toBe(401);

    nextTotpStep();
    const again = await signIn(t, hal.credentials);
    expect((await call(t, adminApi.disableStaff, { username: 'hal' }, { as: owner })).body.code).toBe(0);
    expect((await call(t, adminApi.me, {}, { as: again })).status).toBe(401);
    nextTotpStep();
    expect((await login('hal', CHOSEN_PASSWORD, totpCode(hal.credentials.totpSecret, Date.now()))).body.reason).toBe(
      'staffLoginFailed',
    );

    const reset = await call(t, adminApi.resetStaff, { username: 'hal' }, { as: owner });
    expect(reset.body.code).toBe(0);
    const fresh = await signIn(t, reset.body.data);
    expect(fresh.me.mustChangePassword).toBe(true);
    expect((await call(t, adminApi.resetStaff, { username: 'hal' }, { as: owner })).body.code).toBe(0);
    expect((await call(t, adminApi.me, {}, { as: fresh })).status).toBe(401);

    expect((await call(t, adminApi.disableStaff, { username: 'boss' }, { as: owner })).body.reason).toBe(
      'staffSelfDisable',
    );
    expect((await call(t, adminApi.disableStaff, { username: 'nobody' }, { as: owner })).body.reason).toBe('staffGone');
  });
});

describe(`roles on ${TEST_DB}`, () => {
  it('declares a permission of the table on every admin endpoint but sign-in', () => {
    const all = (Object.values(adminApi) as unknown[]).filter(
      (v): v is Endpoint => typeof v === 'object' && v !== null && 'auth' in v && 'path' in v,
    );
    for (const e of all) expect(e.path, e.path).toMatch(/^\/api\/admin\//);
    expect(all.filter((e) => e.auth !== 'staff')).toEqual([adminApi.login]);
    const allowed = new Set<EndpointPermission>(['self', ...STAFF_PERMISSIONS]);
    for (const e of STAFF_ENDPOINTS) expect(allowed.has(e.permission as EndpointPermission), e.path).toBe(true);
    // The audit log has one endpoint, a read: nothing changes or deletes a line.
    expect(all.filter((e) => e.path.startsWith('/api/admin/audit')).map((e) => e.method)).toEqual(['GET']);
  });

  it.each(STAFF_ROLES)('walks every admin endpoint as %s, against the role table', async (role) => {
    const session = await activeStaff(t, `walk-${role}`, role);
    for (const endpoint of STAFF_ENDPOINTS) {
      const permission = endpoint.permission as EndpointPermission;
      const may = permission === 'self' || roleMay(role, permission);
      // An empty input: an admitted call gets past the role check and answers 200 (a validation
      // refusal or a success); a refused one is 403 before its input is read.
      const res = await call(t, endpoint, {} as never, { as: session });
      if (may) {
        expect(res.status, `${role} ${endpoint.path}: ${JSON.stringify(res.body)}`).toBe(200);
      } else {
        expect(res.status, `${role} ${endpoint.path}`).toBe(403);
        expect(res.body, `${role} ${endpoint.path}`).toMatchObject({ code: -1, reason: 'staffForbidden', data: null });
      }
    }
  });
});

describe(`the audit log on ${TEST_DB}`, () => {
  it('records an owner adding an operator: who, when, from where, what, and the fields', async () => {
    const before = Date.now();
    const res = await call(
      t,
      adminApi.addStaff,
      { username: 'ivy', role: 'operator' },
      { as: owner, remoteAddress: '10.0.3.3' },
    );
    expect(res.body.code).toBe(0);
    expect(res.body.data.totpUri).toMatch(/^otpauth:\/\/totp\/Haoka:ivy\?secret=[A-Z2-7]+&/);
    expect((await call(t, adminApi.addStaff, { username: 'ivy', role: 'finance' }, { as: owner })).body.reason).toBe(
      'staffExists',
    );
    const lines = await auditOf({ action: 'staff.add', target: 'staff:ivy' });
    expect(lines.total).toBe(1);
    expect(lines.list[0]).toMatchObject({
      actor: 'boss',
      ip: '10.0.3.3',
      action: 'staff.add',
      target: 'staff:ivy',
      before: null,
      after: { username: 'ivy', role: 'operator' },
    });
    expect(lines.list[0]?.at).toBeGreaterThanOrEqual(before);
    // The one-time password is in no line.
    const everything = JSON.stringify(await auditOf({}));
    expect(everything).not.toContain(res.body.data.password);
    expect(everything).not.toContain(res.body.data.totpSecret);
  });

  it('pages and filters by staff, action area, target and time', async () => {
    const from = Date.now();
    await recordAudit(t.app.ctx.db, { staffId: null, name: 'probe', ip: null }, { action: 'probe.one', target: 'x:1' });
    vi.setSystemTime(from + 10_000);
    await recordAudit(t.app.ctx.db, { staffId: null, name: 'probe', ip: null }, { action: 'probe.two', target: 'x:2' });
    vi.setSystemTime(from + 20_000);
    await recordAudit(t.app.ctx.db, { staffId: null, name: 'probe', ip: null }, { action: 'probe.two', target: 'x:3' });

    expect((await auditOf({ staff: 'probe' })).list.map((l) => l.target)).toEqual(['x:3', 'x:2', 'x:1']);
    expect((await auditOf({ staff: 'probe', action: 'probe.two' })).total).toBe(2);
    expect((await auditOf({ action: 'probe.' })).total).toBe(3);
    expect((await auditOf({ target: 'x:2' })).list.map((l) => l.action)).toEqual(['probe.two']);
    expect(
      (await auditOf({ staff: 'probe', from: from + 5_000, to: from + 20_000 })).list.map((l) => l.target),
    ).toEqual(['x:2']);
    const page = await call(t, adminApi.auditLog, { page: 2, pageSize: 1, staff: 'probe' }, { as: owner });
    expect(page.body.data).toMatchObject({ total: 3, page: 2, pageSize: 1, list: [{ target: 'x:2' }] });
  });

  it('masks personal data and secrets in the changed fields, and keeps only the fields that changed', async () => {
    await recordAudit(t.app.ctx.db, CLI_ACTOR, {
      action: 'probe.mask',
      target: 'card:13800138000',
      before: { mobile: '13800138000', idCard: '110101199003071234', password: 'hunter2', status: 1, note: 'same' },
      after: { mobile: '13900139000', idCard: '110101199003071234', password: 'hunter3', status: 2, note: 'same' },
    });
    const [line] = (await auditOf({ action: 'probe.mask' })).list;
    expect(line).toMatchObject({
      actor: 'cli',
      target: 'card:138****8000',
      before: { mobile: '138****8000', password: '[Redacted]', status: 1 },
      after: { mobile: '139****9000', password: '[Redacted]', status: 2 },
    });
    expect(line?.before).not.toHaveProperty('note');
    expect(line?.before).not.toHaveProperty('idCard');
    expect(JSON.stringify(line)).not.toContain('hunter');
  });
});
