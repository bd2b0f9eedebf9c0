/**
 * The one error path: AppError → envelope with HTTP 200 (401/403 for the staff console's `denied`); a
 * malformed request → 4xx envelope; the database unreachable or busy for now → the busy envelope with
 * HTTP 503 and `Retry-After`; anything else → 500 with the same generic message, logged with the request
 * id, never a stack trace to the client.
 */
import { ErrorCode, type Reason } from '@haoka/contract';
import { isReason, reasonText } from '@haoka/contract/reasons';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/database.js';
import { AppError } from './app-error.js';

/** Seconds a client is asked to wait before retrying a busy answer. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

const CLIENT_ERROR_REASONS: Record<number, Reason> = {
  400: 'badRequest',
  401: 'unauthorized',
  404: 'apiNotFound',
  405: 'methodNotAllowed',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'tooManyRequests',
};

/** The envelope of a refusal: code, the reason's zh-Hans text, the reason and data. */
export function refusalEnvelope(code: number, reason: Reason, data: unknown = null) {
  return { code, message: reasonText(reason, data), reason, data };
}

export function registerErrorHandling(app: FastifyInstance): void {
  if (app.ctx.config.env === 'test') registerReasonCheck(app);
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.httpStatus)
        .send({ code: error.code, message: error.message, reason: error.reason, data: error.data ?? null });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      req.log.info(
        { reqId: req.id, err: { code: (error as FastifyError).code, message: error.message } },
        'rejected request',
      );
      return reply.status(status).send(refusalEnvelope(ErrorCode.FAIL, CLIENT_ERROR_REASONS[status] ?? 'requestError'));
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug: the database is restarting, unreachable or locked for now. The pool reconnects by itself.
      req.log.warn(
        { reqId: req.id, err: { code: (error as { code?: unknown }).code, message: error.message } },
        'database busy',
      );
      return reply
        .status(503)
        .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
        .send(refusalEnvelope(ErrorCode.FAIL, 'serverBusy'));
    }
    req.log.error({ reqId: req.id, err: error }, 'unexpected error');
    return reply.status(500).send(refusalEnvelope(ErrorCode.FAIL, 'serverBusy'));
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send(refusalEnvelope(ErrorCode.FAIL, 'apiNotFound'));
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}

/**
 * Tests only (NODE_ENV=test): every `/api` envelope that is not a plain 'ok' must carry a known reason
 * whose text is its message; any other answer becomes a 500, so the test that met it fails and the log
 * says which answer it was. Keeps a refusal without a reason (a raw envelope, a schema message written
 * without `reasonIssue`) from passing unnoticed.
 */
function registerReasonCheck(app: FastifyInstance): void {
  app.addHook('onSend', async (req, _reply, payload) => {
    if (!req.url.startsWith('/api/')) return payload;
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    if (!text?.startsWith('{"code":')) return payload;
    let body: { code?: unknown; message?: unknown; reason?: unknown; data?: unknown };
    try {
      body = JSON.parse(text);
    } catch {
      return payload;
    }
    if (typeof body.code !== 'number' || (body.code === ErrorCode.OK && body.message === 'ok')) return payload;
    if (isReason(body.reason) && body.message === reasonText(body.reason, body.data ?? null)) return payload;
    throw new Error(`answer without a known reason (reasons.ts): ${text.slice(0, 300)}`);
  });
}
