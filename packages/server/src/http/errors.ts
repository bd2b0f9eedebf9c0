/**
 * The one error path: AppError → envelope with HTTP 200; a malformed request → 4xx envelope; anything
 * else → 500 with a generic message, logged with the request id, never a stack trace to the client.
 */
import { ErrorCode, RATE_LIMIT_MESSAGE } from '@haoka/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';

export const INTERNAL_ERROR_MESSAGE = '服务器繁忙，请稍后再试';

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: '请求格式不正确',
  401: '请求未授权',
  404: '接口不存在',
  405: '请求方法不支持',
  413: '请求内容过大',
  415: '请求内容类型不支持',
  429: RATE_LIMIT_MESSAGE,
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      return reply.status(200).send({ code: error.code, message: error.message, data: error.data ?? null });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      req.log.info(
        { reqId: req.id, err: { code: (error as FastifyError).code, message: error.message } },
        'rejected request',
      );
      return reply
        .status(status)
        .send({ code: ErrorCode.FAIL, message: CLIENT_ERROR_MESSAGES[status] ?? '请求错误', data: null });
    }
    req.log.error({ reqId: req.id, err: error }, 'unexpected error');
    return reply.status(500).send({ code: ErrorCode.FAIL, message: INTERNAL_ERROR_MESSAGE, data: null });
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send({ code: ErrorCode.FAIL, message: CLIENT_ERROR_MESSAGES[404], data: null });
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
  });
}
