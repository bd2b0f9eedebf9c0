/**
 * Routes of card real-name: the operator entry (card and vice SIM), platform real-name and its state,
 * `POST /api/upload` with the signed file URL, and — with the built-in carrier simulator — its operator
 * real-name page.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { ErrorCode, iotAuthApi, type Reason } from '@haoka/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REPO_ROOT } from '../../config.js';
import type { Db } from '../../db/database.js';
import { registerSimulatedOperatorPage } from '../../gateways/carrier/simulated-operator-page.js';
import { AppError, fail } from '../../http/app-error.js';
import { bindEndpoint } from '../../http/contract.js';
import { refusalEnvelope } from '../../http/errors.js';
import type { LimitRule } from '../../http/rate-limit.js';
import { useCard } from '../../http/sessions.js';
import { loadSim } from '../iot-core/card.js';
import { requestOrigin } from '../payments/service.js';
import { builtInIdentityVerifier, type IdentityVerifier } from './identity-verifier.js';
import * as repo from './repository.js';
import * as realname from './service.js';
import {
  isUploadScene,
  SIGNED_URL_TTL_MS,
  signUpload,
  UPLOAD_FILE_PATH,
  UPLOAD_KEY_RE,
  UploadStore,
  verifyUploadSignature,
} from './upload-store.js';

export interface IotRealnameOptions {
  /** The instant two-factor check of platform real-name type 1; the built-in one by default. */
  verifier?: IdentityVerifier;
}

/** Uploads per client address and hour (the files are kept, so an endless loop would fill the disk). */
const UPLOAD_IP_RULE: LimitRule = { limit: 60, windowMs: 3600_000 };

export function registerIotRealnameRoutes(app: FastifyInstance, options: IotRealnameOptions = {}): void {
  const db = app.ctx.db;
  const deps: realname.RealnameDeps = {
    db,
    carrier: app.ctx.carrier,
    limiter: app.ctx.limiter,
    verifier: options.verifier ?? builtInIdentityVerifier,
    log: app.log,
  };
  const base = (req: FastifyRequest) => (app.ctx.config.publicUrl ?? requestOrigin(req)).replace(/\/+$/, '');

  bindEndpoint(app, db, iotAuthApi.getOfficialAuth, (_input, ctx) =>
    realname.getOfficialAuth(deps, ctx.card, base(ctx.req)),
  );
  bindEndpoint(app, db, iotAuthApi.getDeviceOfficialAuth, (input, ctx) =>
    realname.getDeviceOfficialAuth(deps, ctx.card, input.viceSimNo, base(ctx.req)),
  );
  bindEndpoint(app, db, iotAuthApi.submitPlatformAuth, (input, ctx) =>
    realname.submitPlatformAuth(deps, ctx.card, input),
  );
  bindEndpoint(app, db, iotAuthApi.getPlatformAuth, (_input, ctx) => realname.getPlatformAuthInfo(db, ctx.card));

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
        fileSize: iotAuthApi.UPLOAD_MAX_BYTES,
        files: 1,
        fields: 4,
        parts: 8,
        fieldSize: 256,
        headerPairs: 100,
      },
    });

    scope.post(iotAuthApi.UPLOAD_PATH, async (req) => {
      if (!(await app.ctx.limiter.hit(`upload:ip:${req.ip}`, UPLOAD_IP_RULE)).allowed) {
        throw fail('uploadTooFrequent');
      }
      if (!req.isMultipart()) throw fail('fileRequired', { field: 'file' });
      const form = await readUploadForm(req, scope.multipartErrors);
      if (!isUploadScene(form.scene)) throw fail('uploadSceneInvalid', { field: 'scene' });

      const session = await req.loadSession();
      let simId: number | null = null;
      if (form.scene === 'realname') {
        // The same card-session rule as every IoT endpoint (http/contract.ts).
        const simNo = req.client.simNo;
        if (!session || !simNo || !(await useCard(db, session.id, simNo))) {
          throw new AppError(ErrorCode.SIM_LOGIN_TIMEOUT);
        }
        simId = (await loadSim(db, simNo)).id;
      } else if (!session) {
        throw new AppError(ErrorCode.SHOP_LOGIN_TIMEOUT);
      }
      if (!form.bytes) throw fail('fileRequired', { field: 'file' });

      const stored = await realname.acceptUpload(db, store, { scene: form.scene, simId, bytes: form.bytes });
      const query =
        stored.scene === 'avatar'
          ? new URLSearchParams({ key: stored.key })
          : new URLSearchParams(signUpload(stored.key));
      const data: iotAuthApi.UploadResult = {
        url: `${base(req)}${UPLOAD_FILE_PATH}?${query}`,
        key: stored.key,
        size: stored.size,
      };
      return { code: ErrorCode.OK, message: 'ok', data };
    });

    scope.get(UPLOAD_FILE_PATH, async (req, reply) => {
      const q = req.query as Record<string, unknown>;
      const text = (name: string) => (typeof q[name] === 'string' ? (q[name] as string) : '');
      const key = text('key');
      const upload = UPLOAD_KEY_RE.test(key) ? await repo.findUpload(db, key) : undefined;
      if (!upload || !isUploadScene(upload.scene)) return sendError(reply, 404, 'fileGone');
      const now = Date.now();
      const isPublic = upload.scene === 'avatar';
      if (!isPublic && !verifyUploadSignature(key, text('exp'), text('sig'), now)) {
        return sendError(reply, 403, 'fileLinkExpired');
      }
      let bytes: Buffer;
      try {
        bytes = await store.read(upload.scene, key);
      } catch (error) {
        req.log.warn({ key, err: error instanceof Error ? error.message : String(error) }, 'upload file unreadable');
        return sendError(reply, 404, 'fileGone');
      }
      const maxAge = isPublic
        ? 86_400
        : Math.max(0, Math.min(SIGNED_URL_TTL_MS / 1000, Number(text('exp')) - Math.floor(now / 1000)));
      return reply
        .header('content-type', upload.mime)
        .header('cache-control', `${isPublic ? 'public' : 'private'}, max-age=${maxAge}`)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(bytes);
    });
  });
}
