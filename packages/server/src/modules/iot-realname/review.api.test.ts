/**
 * The console's real-name review over the real app and a real database (SQLite and PostgreSQL): card
 * holders upload their ID photos and submit through the card endpoints; staff work the queue (oldest
 * first, masked), open the photos through signed 1-hour links (each view audited; a tampered or
 * expired link refused), approve, and reject with the reason the holder then reads on their real-name
 * page. A decision is made once; support may read the queue but neither view photos nor decide; the
 * CLI's `sim-auth` decides through the same service. Time runs on a faked Date (TOTP steps, link expiry).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AdminRealnameSubmission, adminApi, iotRealnameApi, maskIdCard } from '@haoka/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callEndpoint } from '../../test/call.js';
import { type TestCard, testCards } from '../../test/cards.js';
import { cli } from '../../test/cli.js';
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { validIdCard } from '../../test/id-cards.js';
import { activeStaff, nextTotpStep, type StaffSignIn, staffCall } from '../../test/staff.js';
import { SIGNED_URL_TTL_MS } from './upload-store.js';

const START = Date.parse('2026-11-03T02:00:00Z');
const uploadDir = mkdtempSync(join(tmpdir(), 'haoka-review-uploads-'));

let t: TestApp;
let owner: StaffSignIn;
let operator: StaffSignIn;
let support: StaffSignIn;
const newCard = testCards(() => t, { subnet: 23 });

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
  t = await createTestApp({ config: { uploadDir }, demoNumbers: 0 });
  owner = await activeStaff(t, 'boss', 'owner');
  operator = await activeStaff(t, 'olga', 'operator');
  support = await activeStaff(t, 'sam', 'support');
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
  rmSync(uploadDir, { recursive: true, force: true });
});
beforeEach(() => nextTotpStep());

let ipSeq = 0;
const freshIp = () => `10.24.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const imageOf = (head: number[]) => Buffer.concat([Buffer.from(head), randomBytes(300)]);
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];

/** Uploads one real-name photo as the card (multipart, like the shop); its key. */
async function uploadPhoto(card: TestCard, bytes: Buffer): Promise<string> {
  const boundary = `----haoka${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="scene"\r\n\r\nrealname\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...card.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
    remoteAddress: freshIp(),
  });
  const body = res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.key as string;
}

interface Holder {
  card: TestCard;
  idCard: string;
  front: Buffer;
  back: Buffer;
  face: Buffer | null;
}

let idSeq = 100;
/** A card waiting for platform real-name (type 2: both ID sides; type 3: and a face photo) that submits. */
async function holderSubmits(type: 2 | 3 = 2, name = '张三'): Promise<Holder> {
  const card = await newCard({ need_platform_auth: 1, platform_auth_type: type });
  const holder: Holder = {
    card,
    idCard: validIdCard('19900307', ++idSeq),
    front: imageOf(PNG_HEAD),
    back: imageOf(JPEG_HEAD),
    face: type === 3 ? imageOf(PNG_HEAD) : null,
  };
  await resubmit(holder, name);
  return holder;
}

async function resubmit(holder: Holder, name = '张三') {
  const { card } = holder;
  const input = {
    name,
    idCard: holder.idCard,
    frontImage: await uploadPhoto(card, holder.front),
    backImage: await uploadPhoto(card, holder.back),
    ...(holder.face ? { faceImage: await uploadPhoto(card, holder.face) } : {}),
  };
  const body = await callEndpoint(t, iotRealnameApi.submitPlatformAuth, input, { as: card, remoteAddress: freshIp() });
  expect(body, JSON.stringify(body)).toMatchObject({ code: 0, data: { authPlatformStatus: 2 } });
}

/** What the holder reads on their real-name page. */
async function holderSees(card: TestCard) {
  const body = await callEndpoint(t, iotRealnameApi.getPlatformAuth, {}, { as: card, remoteAddress: freshIp() });
  expect(body.code).toBe(0);
  return body.data;
}

async function list(query: { status?: number; simNo?: string; page?: number; pageSize?: number }, as = operator) {
  const res = await staffCall(t, adminApi.listRealname, { page: 1, pageSize: 50, ...query }, { as });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data;
}

async function submissionOf(card: TestCard): Promise<AdminRealnameSubmission> {
  const page = await list({ simNo: card.simNo });
  const latest = page.list[0];
  if (!latest) throw new Error(`no submission of ${card.simNo}`);
  return latest;
}

async function auditOf(query: { action?: string; target?: string }) {
  const res = await staffCall(t, adminApi.auditLog, { page: 1, pageSize: 50, ...query }, { as: owner });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** GET of a photo link as the console's browser would (a relative link on the same origin). */
const fetchLink = (link: string) => t.app.inject({ method: 'GET', url: link });

describe(`the real-name queue on ${TEST_DB}`, () => {
  it('lists the submissions under review oldest first, others newest first, masked, filtered and paged', async () => {
    const first = await holderSubmits(2, '欧阳娜娜');
    vi.setSystemTime(Date.now() + 60_000);
    const second = await holderSubmits(3);
    vi.setSystemTime(Date.now() + 60_000);
    const third = await holderSubmits(2);

    const queue = await list({ status: 2 });
    expect(queue.list.map((s) => s.simNo)).toEqual([first.card.simNo, second.card.simNo, third.card.simNo]);
    expect(queue.total).toBe(3);
    const [oldest] = queue.list;
    expect(oldest).toEqual({
      id: expect.any(Number),
      simNo: first.card.simNo,
      iccid: expect.stringMatching(/^8986/),
      nameMasked: '欧***',
      idCardMasked: maskIdCard(first.idCard),
      status: 2,
      remark: '',
      photos: { front: true, back: true, face: false },
      createdAt: expect.any(Number),
      reviewedAt: null,
    });
    expect(queue.list[1]?.photos).toEqual({ front: true, back: true, face: true });
    expect(queue.list[0]?.createdAt).toBeLessThan(queue.list[1]?.createdAt ?? 0);
    // Neither the full name nor the full ID number leaves the server.
    const raw = JSON.stringify(queue);
    for (const holder of [first, second, third]) expect(raw).not.toContain(holder.idCard);
    expect(raw).not.toContain('欧阳娜娜');

    // The second one is decided: it leaves the queue; unfiltered, newest first.
    const decided = await staffCall(t, adminApi.approveRealname, { id: queue.list[1]?.id ?? 0 }, { as: operator });
    expect(decided.body.code).toBe(0);
    expect((await list({ status: 2 })).list.map((s) => s.simNo)).toEqual([first.card.simNo, third.card.simNo]);
    expect((await list({ status: 1 })).list.map((s) => s.simNo)).toEqual([second.card.simNo]);
    expect((await list({ status: 3 })).total).toBe(0);
    expect((await list({})).list.map((s) => s.simNo)).toEqual([third.card.simNo, second.card.simNo, first.card.simNo]);
    expect((await list({ simNo: third.card.simNo })).list.map((s) => s.id)).toEqual([queue.list[2]?.id]);
    expect((await list({ simNo: '1440000000000' })).total).toBe(0);
    const page = await list({ status: 2, page: 2, pageSize: 1 });
    expect(page).toMatchObject({ total: 2, page: 2, pageSize: 1, list: [{ simNo: third.card.simNo }] });

    // Support reads the queue too.
    expect((await list({ status: 2 }, support)).total).toBe(2);
  });
});

describe(`the ID photos on ${TEST_DB}`, () => {
  it('answers signed 1-hour links that serve the photos, audits each view, and refuses a tampered or expired link', async () => {
    const holder = await holderSubmits(3);
    const submission = await submissionOf(holder.card);
    const viewedAt = Date.now();
    const res = await staffCall(t, adminApi.realnamePhotos, { id: submission.id }, { as: operator });
    expect(res.status).toBe(200);
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const photos = res.body.data;
    expect(photos.expiresAt).toBeGreaterThan(viewedAt + SIGNED_URL_TTL_MS - 1000);
    expect(photos.expiresAt).toBeLessThanOrEqual(viewedAt + SIGNED_URL_TTL_MS);

    const served = {
      front: { link: photos.front, bytes: holder.front, mime: 'image/png' },
      back: { link: photos.back, bytes: holder.back, mime: 'image/jpeg' },
      face: { link: photos.face, bytes: holder.face, mime: 'image/png' },
    };
    for (const [side, { link, bytes, mime }] of Object.entries(served)) {
      expect(link, side).toMatch(/^\/api\/upload\/file\?key=[0-9a-f]{32}\.(png|jpg)&exp=\d+&sig=[\w-]+$/);
      const file = await fetchLink(String(link));
      expect(file.statusCode, side).toBe(200);
      expect(file.headers['content-type'], side).toBe(mime);
      expect(file.rawPayload.equals(bytes as Buffer), side).toBe(true);
    }

    // A link whose signature, key or expiry was changed is refused.
    const front = new URL(String(photos.front), 'http://console.test');
    const tampered = (name: string, value: string) => {
      const u = new URL(front);
      u.searchParams.set(name, value);
      return `${u.pathname}${u.search}`;
    };
    const sig = front.searchParams.get('sig') ?? '';
    const exp = Number(front.searchParams.get('exp'));
    for (const link of [
      tampered('sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`),
      tampered('exp', String(exp + 3600)),
      tampered('key', new URL(String(photos.back), 'http://console.test').searchParams.get('key') ?? ''),
    ]) {
      const file = await fetchLink(link);
      expect(file.statusCode, link).toBe(403);
      expect(file.json(), link).toMatchObject({ code: -1, reason: 'fileLinkExpired' });
    }

    // An hour later the link has run out.
    vi.setSystemTime(viewedAt + SIGNED_URL_TTL_MS + 1000);
    const expired = await fetchLink(String(photos.front));
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ code: -1, reason: 'fileLinkExpired' });

    // A second view: fresh links, and a second audit line.
    const again = await staffCall(t, adminApi.realnamePhotos, { id: submission.id }, { as: owner });
    expect((await fetchLink(String(again.body.data.front))).statusCode).toBe(200);
    const lines = await auditOf({ action: 'realname.viewPhotos', target: `sim:${holder.card.simNo}` });
    expect(lines.total).toBe(2);
    expect(lines.list.map((l) => l.actor)).toEqual(['boss', 'olga']);
    expect(lines.list[1]).toMatchObject({
      action: 'realname.viewPhotos',
      target: `sim:${holder.card.simNo}`,
      before: null,
      after: { submissionId: submission.id, photos: ['front', 'back', 'face'] },
    });

    const missing = await staffCall(t, adminApi.realnamePhotos, { id: 999_999 }, { as: operator });
    expect(missing.body).toMatchObject({ code: -1, reason: 'submissionNotFound', data: null });
  });
});

describe(`the decision on ${TEST_DB}`, () => {
  it('approves once: the card is verified, the holder sees it, and the line is audited', async () => {
    const holder = await holderSubmits();
    const { id } = await submissionOf(holder.card);
    const decidedAt = Date.now();
    const res = await staffCall(t, adminApi.approveRealname, { id }, { as: operator, remoteAddress: '10.24.9.9' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, simNo: holder.card.simNo, status: 1, remark: '', reviewedAt: decidedAt });
    expect(await holderSees(holder.card)).toMatchObject({ authPlatformStatus: 1, remark: '' });

    for (const second of [
      await staffCall(t, adminApi.approveRealname, { id }, { as: operator }),
      await staffCall(t, adminApi.rejectRealname, { id, reason: '照片模糊' }, { as: owner }),
    ]) {
      expect(second.body).toMatchObject({ code: -1, reason: 'reviewDone', data: null });
    }
    expect(await holderSees(holder.card)).toMatchObject({ authPlatformStatus: 1 });

    const lines = await auditOf({ action: 'realname.approve', target: `sim:${holder.card.simNo}` });
    expect(lines.list).toEqual([
      expect.objectContaining({
        actor: 'olga',
        ip: '10.24.9.9',
        at: decidedAt,
        before: { status: 2, submissionId: null },
        after: { status: 1, submissionId: id },
      }),
    ]);
  });

  it('rejects with the reason the holder reads on their real-name page; the holder may submit again', async () => {
    const holder = await holderSubmits(3);
    const { id } = await submissionOf(holder.card);
    const reason = '身份证照片模糊，请重新拍摄';
    const res = await staffCall(t, adminApi.rejectRealname, { id, reason }, { as: owner });
    expect(res.body.data).toMatchObject({ id, status: 3, remark: reason });
    expect(await holderSees(holder.card)).toMatchObject({ authPlatformStatus: 3, remark: reason });

    const second = await staffCall(t, adminApi.approveRealname, { id }, { as: operator });
    expect(second.body).toMatchObject({ code: -1, reason: 'reviewDone' });
    expect(await holderSees(holder.card)).toMatchObject({ authPlatformStatus: 3, remark: reason });
    expect((await auditOf({ action: 'realname.reject', target: `sim:${holder.card.simNo}` })).list).toEqual([
      expect.objectContaining({
        actor: 'boss',
        before: { status: 2, remark: '', submissionId: null },
        after: { status: 3, remark: reason, submissionId: id },
      }),
    ]);

    // The holder submits again: the new submission is the one under review, the old one stays decided.
    await resubmit(holder);
    const renewed = await submissionOf(holder.card);
    expect(renewed.id).toBeGreaterThan(id);
    expect(renewed.status).toBe(2);
    expect((await staffCall(t, adminApi.approveRealname, { id }, { as: operator })).body.reason).toBe('reviewDone');
    expect((await staffCall(t, adminApi.approveRealname, { id: renewed.id }, { as: operator })).body.code).toBe(0);
    expect(await holderSees(holder.card)).toMatchObject({ authPlatformStatus: 1, remark: '' });
  });

  it('refuses an unknown submission, and a card no longer under review without changing anything', async () => {
    const missing = await staffCall(t, adminApi.rejectRealname, { id: 999_999, reason: '不清晰' }, { as: operator });
    expect(missing.body).toMatchObject({ code: -1, reason: 'submissionNotFound' });

    const holder = await holderSubmits();
    const { id } = await submissionOf(holder.card);
    await t.database.handle.db
      .updateTable('sims')
      .set({ auth_platform_status: 0 })
      .where('sim_no', '=', holder.card.simNo)
      .execute();
    const refused = await staffCall(t, adminApi.approveRealname, { id }, { as: operator });
    expect(refused.body).toMatchObject({ code: -1, reason: 'noPendingReview' });
    // Nothing moved: the submission is still under review and nothing was audited.
    expect((await submissionOf(holder.card)).status).toBe(2);
    expect((await auditOf({ target: `sim:${holder.card.simNo}` })).total).toBe(0);
  });

  it('lets support read the queue but neither view photos nor decide (403)', async () => {
    const holder = await holderSubmits();
    const { id } = await submissionOf(holder.card);
    for (const res of [
      await staffCall(t, adminApi.realnamePhotos, { id }, { as: support }),
      await staffCall(t, adminApi.approveRealname, { id }, { as: support }),
      await staffCall(t, adminApi.rejectRealname, { id, reason: '不清晰' }, { as: support }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: -1, reason: 'staffForbidden', data: null });
    }
    expect((await submissionOf(holder.card)).status).toBe(2);
    expect((await auditOf({ target: `sim:${holder.card.simNo}` })).total).toBe(0);
    // Without a session: 401.
    expect((await staffCall(t, adminApi.listRealname, { page: 1, pageSize: 20 })).status).toBe(401);
  });
});

describe(`the CLI's sim-auth on ${TEST_DB}`, () => {
  it('decides the card’s latest submission through the same service, audited as the CLI', async () => {
    const holder = await holderSubmits();
    const { id } = await submissionOf(holder.card);
    const run = await cli(t, 'sim-auth', holder.card.simNo, 'reject', '照片不完整');
    expect(run).toMatchObject({ code: 0, out: `${holder.card.simNo}: platform real-name status 3\n`, err: '' });
    expect(await holderSees(holder.card)).toMatchObject({ authPlatformStatus: 3, remark: '照片不完整' });
    expect((await auditOf({ action: 'realname.reject', target: `sim:${holder.card.simNo}` })).list).toEqual([
      expect.objectContaining({ actor: 'cli', ip: null, after: { status: 3, remark: '照片不完整', submissionId: id } }),
    ]);

    const again = await cli(t, 'sim-auth', holder.card.simNo, 'approve');
    expect(again).toMatchObject({ code: 1, out: '' });
    expect(again.err).toBe(`${holder.card.simNo}: This card has no platform verification waiting for review.\n`);

    await resubmit(holder);
    const approved = await cli(t, 'sim-auth', holder.card.simNo, 'approve');
    expect(approved).toMatchObject({ code: 0, out: `${holder.card.simNo}: platform real-name status 1\n` });
    expect(await holderSees(holder.card)).toMatchObject({ authPlatformStatus: 1 });
    // A reject without a remark tells the holder the default reason.
    const other = await holderSubmits();
    expect((await cli(t, 'sim-auth', other.card.simNo, 'reject')).code).toBe(0);
    expect((await holderSees(other.card)).remark).toBe('资料审核未通过，请重新提交');
  });
});
