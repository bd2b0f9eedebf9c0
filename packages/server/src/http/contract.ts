/**
 * Binds a contract endpoint to a handler: validates the input with the endpoint's schema, enforces
 * its session kind (61 / 34061), and wraps the result in the envelope.
 */
import { type Endpoint, type EndpointData, type EndpointParsedInput, ErrorCode } from '@haoka/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { AppError } from './app-error.js';
import { activeShopperMobile, type SessionRow, useCard } from './sessions.js';
import { parseInput } from './validation.js';

export interface HandlerContext {
  req: FastifyRequest;
  reply: FastifyReply;
  /** Present for 'shopper' and 'card' endpoints. */
  session: SessionRow | undefined;
  /** The logged-in shopper mobile ('shopper' endpoints). */
  shopperMobile: string | null;
  /** The authorised card ('card' endpoints). */
  simNo: string | null;
  /** Success message other than 'ok' (e.g. simRefresh's 数据同步中 with cached data). */
  message?: string | undefined;
}

export type Handler<E extends Endpoint> = (
  input: EndpointParsedInput<E>,
  ctx: HandlerContext,
) => Promise<EndpointData<E>> | EndpointData<E>;

export function bindEndpoint<E extends Endpoint>(app: FastifyInstance, db: Db, endpoint: E, handler: Handler<E>): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (req, reply) => {
      const raw = endpoint.method === 'GET' ? req.query : req.body;
      const parsed = parseInput(endpoint.input, raw);
      if (!parsed.ok) return { code: ErrorCode.FAIL, message: parsed.message, data: { field: parsed.field } };

      const ctx: HandlerContext = { req, reply, session: undefined, shopperMobile: null, simNo: null };
      if (endpoint.auth === 'shopper') {
        ctx.session = await req.loadSession();
        ctx.shopperMobile = activeShopperMobile(ctx.session);
        if (!ctx.shopperMobile) throw new AppError(ErrorCode.SHOP_LOGIN_TIMEOUT);
      } else if (endpoint.auth === 'card') {
        ctx.session = await req.loadSession();
        const simNo = req.client.simNo;
        if (!ctx.session || !simNo || !(await useCard(db, ctx.session.id, simNo))) {
          throw new AppError(ErrorCode.SIM_LOGIN_TIMEOUT);
        }
        ctx.simNo = simNo;
      }
      const data = await handler(parsed.value as EndpointParsedInput<E>, ctx);
      return { code: ErrorCode.OK, message: ctx.message ?? 'ok', data: data ?? null };
    },
  });
}
