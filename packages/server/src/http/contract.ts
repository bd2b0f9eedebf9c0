/**
 * Binds a contract endpoint to a handler: validates the input with the endpoint's schema, enforces
 * its session kind (61 / 34061), loads a card endpoint's card and checks its module switch (40001),
 * checks a staff endpoint's session, CSRF header and role permission (HTTP 401 / 403, before the input
 * is read), and wraps the result in the envelope. Outside production the data of a success is checked against the
 * endpoint's data schema (http/answer-check.ts).
 */
import {
  type Endpoint,
  type EndpointData,
  type EndpointParsedInput,
  ErrorCode,
  type Reason,
  roleMay,
} from '@haoka/contract';
import { reasonText } from '@haoka/contract/reasons';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { SimsTable } from '../db/schema.js';
import { answersChecked, checkAnswer } from './answer-check.js';
import { AppError, denied } from './app-error.js';
import { activeShopperMobile, type SessionRow, useCard } from './sessions.js';
import { csrfMatches, loadStaffSession, type StaffSession } from './staff-sessions.js';
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
  /** The authorised card's row, loaded once by the binding ('card' endpoints). */
  card: CardRow | null;
  /** The signed-in staff member ('staff' endpoints). */
  staff: StaffSession | null;
  /** A success that says more than 'ok' (e.g. simRefresh's `dataSyncing` with cached data). */
  reason?: Reason | undefined;
}

/** A card as the binding hands it to a card endpoint's handler (modules/iot-core's `SimRow`). */
export type CardRow = Selectable<SimsTable>;

/** What a card endpoint's handler is given: its session, the card's number and its row. */
export interface CardHandlerContext extends HandlerContext {
  session: SessionRow;
  simNo: string;
  card: CardRow;
}

/** What a staff endpoint's handler is given: the signed-in staff member. */
export interface StaffHandlerContext extends HandlerContext {
  staff: StaffSession;
}

/** The handler context of an endpoint: a card endpoint's carries its card, a staff endpoint's its staff member. */
export type ContextOf<E extends Endpoint> = E['auth'] extends 'card'
  ? CardHandlerContext
  : E['auth'] extends 'staff'
    ? StaffHandlerContext
    : HandlerContext;

/**
 * The staff member of a staff endpoint's request, or the refusal: 401 without a live session; 403 for a
 * write without the session's CSRF header, while the first password change is pending (but for the
 * member's own `self` endpoints), and for a role without the endpoint's permission. Exported for the
 * raw staff routes (a file download), which check a session and a permission the same way.
 */
export async function requireStaff(
  db: Db,
  endpoint: Pick<Endpoint, 'method' | 'permission'>,
  req: FastifyRequest,
): Promise<StaffSession> {
  const staff = await loadStaffSession(db, req);
  if (!staff) throw denied(401, 'staffSignInRequired');
  if (endpoint.method !== 'GET' && !csrfMatches(req, staff)) throw denied(403, 'staffCsrfInvalid');
  const permission = endpoint.permission;
  if (permission === 'self' || permission === undefined) return staff;
  if (staff.mustChangePassword) throw denied(403, 'staffPasswordChangeRequired');
  if (!roleMay(staff.role, permission)) throw denied(403, 'staffForbidden');
  return staff;
}

/**
 * How the binding loads a card and checks a module switch. modules/iot-core registers its own
 * (`loadSim`, `requireModule`), so the binding needs no import of a module.
 */
export interface CardAccess {
  /** The card of a session that holds it; 34061 when it is gone, a refusal when it is switched off. */
  load(db: Db, simNo: string): Promise<CardRow>;
  /** 40001 when the card's layout switches the module off. */
  requireModule(db: Db, card: CardRow, module: string): Promise<void>;
}

let cardAccess: CardAccess | undefined;

export function registerCardAccess(access: CardAccess): void {
  cardAccess = access;
}

/**
 * Data already serialised to JSON, for an answer served many times from a cache: a cache hit pays
 * neither for `JSON.stringify` nor for encoding the text again. The plain success envelope around it is
 * kept as UTF-8 bytes, made on first use: answers with Chinese text are two-byte strings in V8, and
 * turning them into bytes on every send cost as much as the whole rest of a cached answer. `T` is the
 * data's type.
 */
export class SerializedData<T> {
  declare readonly _data: T;
  #okEnvelope: Buffer | undefined;
  constructor(readonly json: string) {}

  /** The whole envelope: the shared bytes for the usual 'ok', else text with the handler's reason. */
  envelope(reason?: Reason): Buffer | string {
    if (reason) return envelopeText(this.json, reason);
    this.#okEnvelope ??= Buffer.from(envelopeText(this.json), 'utf8');
    return this.#okEnvelope;
  }
}

const OK_MESSAGE = 'ok';

function envelopeText(json: string, reason?: Reason): string {
  const said = reason ? `${JSON.stringify(reasonText(reason))},"reason":${JSON.stringify(reason)}` : `"${OK_MESSAGE}"`;
  return `{"code":${ErrorCode.OK},"message":${said},"data":${json}}`;
}

export type Handler<E extends Endpoint> = (
  input: EndpointParsedInput<E>,
  ctx: ContextOf<E>,
) => Promise<EndpointData<E> | SerializedData<EndpointData<E>>> | EndpointData<E> | SerializedData<EndpointData<E>>;

export interface BindOptions {
  /** The largest body this endpoint reads, in bytes, when it is not the app's (an image upload). */
  bodyLimit?: number;
}

export function bindEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  db: Db,
  endpoint: E,
  handler: Handler<E>,
  options: BindOptions = {},
): void {
  // Refused when the app is built, not on a request: a staff endpoint without a permission is open to every role.
  if (endpoint.auth === 'staff' && !endpoint.permission) {
    throw new Error(`${endpoint.path}: a staff endpoint declares its permission (or 'self')`);
  }
  const checked = answersChecked(app.ctx.config);
  /** A SerializedData never changes: checked once, so a cache hit costs nothing more. */
  const checkedAnswers = new WeakSet<SerializedData<unknown>>();
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (req, reply) => {
      // A staff endpoint says nothing, not even what its input lacks, to a caller it does not admit.
      const staff = endpoint.auth === 'staff' ? await requireStaff(db, endpoint, req) : null;
      const raw = endpoint.method === 'GET' ? req.query : req.body;
      const parsed = parseInput(endpoint.input, raw);
      if (!parsed.ok) {
        return { code: ErrorCode.FAIL, message: parsed.message, reason: parsed.reason, data: { field: parsed.field } };
      }

      const ctx: HandlerContext = {
        req,
        reply,
        session: undefined,
        shopperMobile: null,
        simNo: null,
        card: null,
        staff,
      };
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
        if (!cardAccess) throw new Error(`${endpoint.path}: no card access registered (modules/iot-core registers it)`);
        ctx.simNo = simNo;
        ctx.card = await cardAccess.load(db, simNo);
        if (endpoint.module) await cardAccess.requireModule(db, ctx.card, endpoint.module);
      }
      const data = await handler(parsed.value as EndpointParsedInput<E>, ctx as ContextOf<E>);
      if (data instanceof SerializedData) {
        if (checked && !checkedAnswers.has(data)) {
          checkAnswer(endpoint, data.json);
          checkedAnswers.add(data);
        }
        reply.type('application/json; charset=utf-8');
        return data.envelope(ctx.reason);
      }
      if (checked) checkAnswer(endpoint, JSON.stringify(data ?? null));
      if (ctx.reason)
        return { code: ErrorCode.OK, message: reasonText(ctx.reason), reason: ctx.reason, data: data ?? null };
      return { code: ErrorCode.OK, message: OK_MESSAGE, data: data ?? null };
    },
  });
}
