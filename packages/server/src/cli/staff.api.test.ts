/**
 * `staff add|disable|reset|list` against a real database (SQLite and PostgreSQL): the printed one-time
 * password and TOTP secret sign in through the real login, disable and reset end sessions, and each
 * change is an audit line of the actor `cli`.
 */
import { adminApi } from '@haoka/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../test/cli.js';
import { createTestApp, TEST_DB, type TestApp } from '../test/harness.js';
import { activeStaff, nextTotpStep, signIn, staffCall } from '../test/staff.js';

let t: TestApp;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2026-11-02T02:00:00Z'));
  t = await createTestApp({ demo: false });
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});
beforeEach(() => nextTotpStep());

const json = (text: string) => JSON.parse(text) as { username: string; password: string; totpSecret: string };

describe(`staff commands on ${TEST_DB}`, () => {
  it('adds the first owner with --json, whose password and TOTP secret sign in', async () => {
    const run = await cli(t, 'staff', 'add', 'root', '--role', 'owner', '--json');
    expect(run.code, run.err).toBe(0);
    const printed = json(run.out);
    expect(Object.keys(printed)).toEqual(['username', 'password', 'totpSecret']);
    expect(printed.username).toBe('root');
    expect(printed.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    const session = await signIn(t, { ...printed, totpUri: '' });
    expect(session.me).toMatchObject({ username: 'root', role: 'owner', mustChangePassword: true });
  });

  it('prints the otpauth URI without --json', async () => {
    const run = await cli(t, 'staff', 'add', 'sam', '--role', 'support');
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/^password: {2}\S{16} /m);
    expect(run.out).toMatch(/otpauth:\/\/totp\/Haoka:sam\?secret=[A-Z2-7]{32}&issuer=Haoka&/);
  });

  it('refuses a missing or unknown role and a bad username (usage, nothing done), and a taken username', async () => {
    for (const argv of [
      ['staff', 'add', 'nobody'],
      ['staff', 'add', 'nobody', '--role', 'admin'],
      ['staff', 'add', '--role', 'owner'],
      ['staff', 'fire', 'sam'],
      ['staff', 'disable', 'sam', '--role', 'owner'],
    ]) {
      expect((await cli(t, ...argv)).code, argv.join(' ')).toBe(2);
    }
    const bad = await cli(t, 'staff', 'add', 'No Good', '--role', 'owner');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('The username must be 3 to 32 lowercase letters');
    const taken = await cli(t, 'staff', 'add', 'sam', '--role', 'finance');
    expect(taken.code).toBe(1);
    expect(taken.err).toBe('sam: This username is already taken.\n');
    const list = await cli(t, 'staff', 'list', '--json');
    expect((JSON.parse(list.out) as { username: string }[]).map((m) => m.username)).not.toContain('nobody');
  });

  it('disables and resets a member: sessions end, the new credentials sign in, the old ones do not', async () => {
    const opal = await activeStaff(t, 'opal', 'operator');
    const disabled = await cli(t, 'staff', 'disable', 'opal');
    expect(disabled).toMatchObject({ code: 0, out: 'opal: disabled\n' });
    expect((await staffCall(t, adminApi.me, {}, { as: opal })).status).toBe(401);
    expect((await cli(t, 'staff', 'list')).out).toMatch(/^opal +operator +disabled$/m);
    await expect(signIn(t, opal.credentials)).rejects.toThrow(/staffLoginFailed/);

    const reset = await cli(t, 'staff', 'reset', 'opal', '--json');
    expect(reset.code, reset.err).toBe(0);
    const fresh = json(reset.out);
    expect(fresh.password).not.toBe(opal.credentials.password);
    nextTotpStep();
    await expect(signIn(t, opal.credentials)).rejects.toThrow(/staffLoginFailed/);
    nextTotpStep();
    const session = await signIn(t, { ...fresh, totpUri: '' });
    expect(session.me.mustChangePassword).toBe(true);
    expect((await cli(t, 'staff', 'list')).out).toMatch(/^opal +operator +new$/m);

    expect((await cli(t, 'staff', 'disable', 'ghost')).err).toBe('ghost: This staff member does not exist.\n');
  });

  it('audits every change as the actor cli', async () => {
    const owner = await activeStaff(t, 'auditor', 'owner');
    const res = await staffCall(t, adminApi.auditLog, { page: 1, pageSize: 50, staff: 'cli' }, { as: owner });
    const lines = res.body.data.list.map((l) => `${l.action} ${l.target}`).reverse();
    expect(lines).toEqual(
      expect.arrayContaining([
        'staff.add staff:root',
        'staff.add staff:sam',
        'staff.disable staff:opal',
        'staff.reset staff:opal',
      ]),
    );
    expect(res.body.data.list.every((l) => l.ip === null && l.actor === 'cli')).toBe(true);
  });
});
