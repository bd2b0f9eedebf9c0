/**
 * Routes of card real-name: the operator entry (card and vice SIM), platform real-name and its state,
 * `POST /api/upload` with the signed file URL, and — with the built-in carrier simulator — its operator
 * real-name page.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { ErrorCode, iotRealnameApi, type Reason } from '@haoka/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REPO_ROOT } from '../../config.js';
import type { Db } from '../../db/database.js';
import { registerSimulatedOperatorPage } from '../../gateways/carrier/simulated-operator-page.js';
import { fail } from '../../http/app-error.js';
import { bindEndpoint } from '../../http/contract.js';
import { refusalEnvelope } from '../../http/errors.js';
import { requestOrigin } from '../payments/service.js';
import { builtInIdentityVerifier, type IdentityVerifier } from './identity-verifier.js';
import * as realname from './service.js';
import { UPLOAD_FILE_PATH, UploadStore } from './upload-store.js';
import * as uploads from './uploads.js';

export interface IotRealnameOptions {
  /** The instant two-factor check of platform real-name type 1; the built-in one by default. */
  verifier?: IdentityVerifier;
}

export function registerIotRealnameRoutes(app: FastifyInstance, options: IotRealnameOptions = {}): void {
  const db = app.ctx.db;
  const deps: realname.RealnameDeps = { ...app.ctx, verifier: options.verifier ?? builtInIdentityVerifier };
  const base = (req: FastifyRequest) => (app.ctx.config.publicUrl ?? requestOrigin(req)).replace(/\/+$/, '');

  bindEndpoint(app, db, iotRealnameApi.getOfficialAuth, (_input, ctx) =>
    realname.getOfficialAuth(deps, ctx.card, base(ctx.req)),
  );
  bindEndpoint(app, db, iotRealnameApi.getDeviceOfficialAuth, (input, ctx) =>
    realname.getDeviceOfficialAuth(deps, ctx.card, input.viceSimNo, base(ctx.req)),
  );
  bindEndpoint(app, db, iotRealnameApi.submitPlatformAuth, (input, ctx) =>
    realname.submitPlatformAuth(deps, ctx.card, input),
  );
  bindEndpoint(app, db, iotRealnameApi.getPlatformAuth, (_input, ctx) => realname.getPlatformAuthInfo(db, ctx.card));

  if ((app.ctx.config.carrierGateway ?? 'simulator') === 'simulator') registerSimulatedOperatorPage(app, db);

  const uploadDir = resolve(app.ctx.config.uploadDir ?? resolve(REPO_ROOT, 'data/uploads'));
  const webRoot = resolve(app.ctx.config.webDist);
  const fromWebRoot = relative(webRoot, uploadDir);
  if (fromWebRoot === '' || !(fromWebRoot === '..' || fromWebRoot.startsWith(`..${sep}`) || isAbsolute(fromWebRoot))) {
    throw new Error('UPLOAD_DIR must be outside the web root (WEB_DIST)');
  }
  registerUploadRoutes(app, db, new UploadStore(uploadDir, app.ctx.secrets.dataKey), base);
}

function sendError(reply: FastifyReply, status: number, reason: Reason) {
  return reply.status(status).header('cache-control', 'no-store').send(refusalEnvelope(ErrorCode.FAIL, reason));
}

/** The form of an upload: the `scene` field and the one `file`, read into memory (≤ 5 MB). */
async function readUploadForm(
  req: FastifyRequest,
  errors: FastifyInstance['multipartErrors'],
): Promise<{ scene: string | undefined; bytes: Buffer | undefined }> {
  let scene: string | undefined;
  let bytes: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || bytes) {
          part.file.resume();
          continue;
        }
        bytes = await part.toBuffer();
      } else if (part.fieldname === 'scene' && typeof part.value === 'string') {
        scene = part.value;
      }
    }
  } catch (error) {
    if (error instanceof errors.RequestFileTooLargeError) throw fail('fileTooLarge', { field: 'file' });
    if (error instanceof errors.FilesLimitError) throw fail('oneFileOnly', { field: 'file' });
    req.log.info({ err: error instanceof Error ? error.message : String(error) }, 'unreadable upload');
    throw fail('uploadUnreadable', { field: 'file' });
  }
  return { scene, bytes };
}

function registerUploadRoutes(app: FastifyInstance, db: Db, store: UploadStore, base: (req: FastifyRequest) => string) {
  // Multipart is parsed only inside this scope; every other route keeps its JSON body parser.
  app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: iotRealnameApi.UPLOAD_MAX_BYTES,
        files: 1,
        fields: 4,
        parts: 8,
        fieldSize: 256,
        headerPairs: 100,
      },
    });

    scope.post(iotRealnameApi.UPLOAD_PATH, async (req) => {
      await uploads.admitUpload(app.ctx.limiter, req.ip);
      if (!req.isMultipart()) throw fail('fileRequired', { field: 'file' });
      const form = await readUploadForm(req, scope.multipartErrors);
      const caller = { session: await req.loadSession(), simNo: req.client.simNo };
      const data = await uploads.receiveUpload(db, store, form, caller, base(req));
      return { code: ErrorCode.OK, message: 'ok', data };
    });

    scope.get(UPLOAD_FILE_PATH, async (req, reply) => {
      const q = req.query as Record<string, unknown>;
      const text = (name: string) => (typeof q[name] === 'string' ? (q[name] as string) : '');
      const key = text('key');
      const file = await uploads.readUpload(db, store, { key, exp: text('exp'), sig: text('sig') }, (error) =>
        req.log.warn({ key, err: error instanceof Error ? error.message : String(error) }, 'upload file unreadable'),
      );
      if ('refusal' in file) return sendError(reply, file.refusal.status, file.refusal.reason);
      return reply
        .header('content-type', file.mime)
        .header('cache-control', file.cacheControl)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(file.bytes);
    });
  });
}
