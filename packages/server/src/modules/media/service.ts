/**
 * Images staff upload (banners, logos, goods pictures; issue 23 item 3): the type is decided by the
 * file's magic bytes (contract `mediaTypeOf`), never its name; at most MEDIA_MAX_BYTES. Stored in table
 * `media` by SHA-256, so the same image is stored once, and served by every instance at
 * `/media/<sha256>.<ext>` (routes.ts). Each upload is audited (`media.upload`) with its row.
 */
import { createHash } from 'node:crypto';
import { MEDIA_MAX_BYTES, type MediaUploaded, mediaPath, mediaTypeOf } from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import { inTransaction } from '../../db/database.js';
import { fail } from '../../http/app-error.js';
import { type AuditActor, recordAudit } from '../../http/audit.js';
import * as repo from './repository.js';

/** Checks and stores an image; answers its URL, type and size. Refusals: `imageTooLarge`, `imageType`. */
export async function storeImage(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: AuditActor,
  file: { fileName: string; bytes: Buffer },
): Promise<MediaUploaded> {
  const { bytes } = file;
  if (bytes.length > MEDIA_MAX_BYTES) throw fail('imageTooLarge', { maxKb: MEDIA_MAX_BYTES / 1024 });
  const type = bytes.length > 0 ? mediaTypeOf(bytes) : null;
  if (!type) throw fail('imageType');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const url = mediaPath(sha256, type.ext);
  const now = ctx.clock.now();
  await inTransaction(ctx.db, async (tx) => {
    await repo.insertMedia(tx, {
      sha256,
      mime: type.mime,
      size: bytes.length,
      bytes,
      createdBy: actor.staffId,
      createdAt: now,
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'media.upload',
        target: `media:${sha256}`,
        before: null,
        after: { fileName: file.fileName, url, mime: type.mime, bytes: bytes.length },
      },
      now,
    );
  });
  return { url, mime: type.mime, bytes: bytes.length };
}

/** The stored image a `/media/<sha256>.<ext>` path names, when the extension matches its type. */
export async function findImage(
  ctx: Pick<AppContext, 'db'>,
  sha256: string,
  ext: string,
): Promise<repo.MediaRow | null> {
  const row = await repo.findMedia(ctx.db, sha256);
  if (!row) return null;
  return mediaTypeOf(row.bytes)?.ext === ext ? row : null;
}
