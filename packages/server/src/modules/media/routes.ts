/**
 * The upload endpoint (endpoints/admin-content.ts `uploadImage`, permission `content.write`) and the raw
 * route that serves stored images to the shop and the console: `GET /media/<sha256>.<ext>`, immutable
 * (the name is the content's hash), typed by the stored bytes, never sniffed by the browser.
 */
import { adminApi, MEDIA_MAX_BYTES, MEDIA_PATH_RE } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import { staffActor } from '../../http/audit.js';
import { bindEndpoint } from '../../http/contract.js';
import * as media from './service.js';

/** The upload's JSON body: the image in base64 (4/3 of its bytes) with room for a file a little too large. */
const UPLOAD_BODY_LIMIT = MEDIA_MAX_BYTES * 3;

export function registerMediaRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  bindEndpoint(
    app,
    ctx.db,
    adminApi.uploadImage,
    (input, { staff, req }) =>
      media.storeImage(ctx, staffActor(staff, req.ip), {
        fileName: input.fileName,
        bytes: Buffer.from(input.contentBase64, 'base64'),
      }),
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );

  app.get<{ Params: { file: string } }>('/media/:file', async (req, reply) => {
    const match = MEDIA_PATH_RE.exec(`/media/${req.params.file}`);
    const row = match ? await media.findImage(ctx, match[1] as string, match[2] as string) : null;
    if (!row) return reply.callNotFound();
    return reply
      .type(row.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-length', row.size)
      .send(row.bytes);
  });
}
