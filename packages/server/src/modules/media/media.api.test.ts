/**
 * Image upload over the real app and a real database (SQLite and PostgreSQL): the type is decided by the
 * magic bytes whatever the name says, anything else and anything over MEDIA_MAX_BYTES is refused with its
 * reason, the same bytes are stored once, the served bytes are the uploaded ones with their type and an
 * immutable cache, and only roles with `content.write` upload (audited as `media.upload`).
 */
import { randomBytes } from 'node:crypto';
import { adminApi, MEDIA_MAX_BYTES } from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { activeStaff, nextTotpStep, type StaffSignIn, staffCall } from '../../test/staff.js';

let t: TestApp;
let owner: StaffSignIn;
let operator: StaffSignIn;
let finance: StaffSignIn;
let support: StaffSignIn;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2026-11-05T02:00:00Z'));
  t = await createTestApp({ demoNumbers: 0 });
  owner = await activeStaff(t, 'boss', 'owner');
  nextTotpStep();
  operator = await activeStaff(t, 'olga', 'operator');
  nextTotpStep();
  finance = await activeStaff(t, 'fred', 'finance');
  nextTotpStep();
  support = await activeStaff(t, 'sue', 'support');
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const PNG = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(300)]);
const JPEG = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(300)]);
const GIF = () => Buffer.concat([Buffer.from('GIF89a'), randomBytes(300)]);
const WEBP = () =>
  Buffer.concat([Buffer.from('RIFF'), Buffer.from([0xc8, 0, 0, 0]), Buffer.from('WEBPVP8 '), randomBytes(300)]);

const upload = (bytes: Buffer, fileName: string, as: StaffSignIn = operator) =>
  staffCall(t, adminApi.uploadImage, { fileName, contentBase64: bytes.toString('base64') }, { as });

const served = (url: string) => t.app.inject({ method: 'GET', url });

describe(`image upload on ${TEST_DB}`, () => {
  it('stores PNG, JPEG, GIF and WebP by their magic bytes and serves the same bytes, immutable', async () => {
    for (const [make, mime, ext] of [
      [PNG, 'image/png', 'png'],
      [JPEG, 'image/jpeg', 'jpg'],
      [GIF, 'image/gif', 'gif'],
      [WEBP, 'image/webp', 'webp'],
    ] as const) {
      const bytes = make();
      const res = await upload(bytes, `banner.${ext}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 0, data: { mime, bytes: bytes.length } });
      expect(res.body.data.url).toMatch(new RegExp(`^/media/[0-9a-f]{64}\\.${ext}$`));

      const got = await served(res.body.data.url);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe(mime);
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(got.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('takes the type from the bytes, not the name: a .png named JPEG is stored and served as JPEG', async () => {
    const bytes = JPEG();
    const res = await upload(bytes, 'photo.png');
    expect(res.body.data).toMatchObject({ mime: 'image/jpeg' });
    expect(res.body.data.url).toMatch(/\.jpg$/);
    expect((await served(res.body.data.url)).headers['content-type']).toBe('image/jpeg');
    // The same hash under another extension is not served.
    expect((await served(res.body.data.url.replace(/\.jpg$/, '.png'))).statusCode).toBe(404);
  });

  it('refuses a text file, an SVG and an empty file with imageType, storing nothing', async () => {
    const before = await t.database.handle.db.selectFrom('media').select('sha256').execute();
    for (const [bytes, name] of [
      [Buffer.from('hello, this is text'), 'notes.png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg'],
      [Buffer.from('%PDF-1.4 hello'), 'a.jpg'],
    ] as const) {
      const res = await upload(bytes, name);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        code: -1,
        message: '请上传 PNG、JPG、GIF 或 WebP 图片',
        reason: 'imageType',
        data: null,
      });
    }
    expect(await t.database.handle.db.selectFrom('media').select('sha256').execute()).toHaveLength(before.length);
  });

  it('refuses an image over 1 MB with imageTooLarge, and takes one of exactly 1 MB', async () => {
    const big = Buffer.concat([PNG(), Buffer.alloc(MEDIA_MAX_BYTES + 1 - PNG().length)]);
    const refused = await upload(big, 'big.png');
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({
      code: -1,
      message: '图片不能超过 1024 KB',
      reason: 'imageTooLarge',
      data: { maxKb: 1024 },
    });
    const fits = await upload(big.subarray(0, MEDIA_MAX_BYTES), 'fits.png');
    expect(fits.body).toMatchObject({ code: 0, data: { bytes: MEDIA_MAX_BYTES } });
  });

  it('stores the same bytes once: a second upload answers the same URL', async () => {
    const bytes = PNG();
    const first = await upload(bytes, 'a.png');
    const second = await upload(bytes, 'b.png', owner);
    expect(second.body.data.url).toBe(first.body.data.url);
    const sha = first.body.data.url.slice('/media/'.length, -'.png'.length);
    const rows = await t.database.handle.db.selectFrom('media').selectAll().where('sha256', '=', sha).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ mime: 'image/png', size: bytes.length });
    expect(Buffer.from(rows[0]?.bytes ?? []).equals(bytes)).toBe(true);
  });

  it('audits each upload as media.upload with the file name and URL', async () => {
    const res = await upload(GIF(), 'spring-sale.gif');
    const sha = res.body.data.url.slice('/media/'.length, -'.gif'.length);
    const audit = await staffCall(
      t,
      adminApi.auditLog,
      { page: 1, pageSize: 10, target: `media:${sha}` },
      { as: owner },
    );
    expect(audit.body.data.list).toHaveLength(1);
    expect(audit.body.data.list[0]).toMatchObject({ action: 'media.upload', actor: 'olga' });
    expect(JSON.stringify(audit.body.data.list[0])).toContain('spring-sale.gif');
  });

  it('lets only content writers upload: finance and support get 403, no session 401', async () => {
    for (const who of [finance, support]) {
      const res = await upload(PNG(), 'x.png', who);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: -1, reason: 'staffForbidden' });
    }
    const anonymous = await staffCall(t, adminApi.uploadImage, {
      fileName: 'x.png',
      contentBase64: PNG().toString('base64'),
    });
    expect(anonymous.status).toBe(401);
    expect((await upload(PNG(), 'x.png', owner)).body.code).toBe(0);
  });

  it('answers 404 for an unknown or malformed media path', async () => {
    for (const url of [
      `/media/${'0'.repeat(64)}.png`,
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/abc.png',
      '/media/x.svg',
    ]) {
      expect((await served(url)).statusCode, url).toBe(404);
    }
  });
});
