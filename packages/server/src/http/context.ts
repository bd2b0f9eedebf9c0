/**
 * What every request carries: the SPEC §7 headers, parsed once, and the session they point to,
 * loaded on first use.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { findSession } from './session-repository.js';
import { type SessionRow, touchSession } from './sessions.js';

export interface ClientHeaders {
  platform: string;
  /** Browser hostname, used to resolve the promoter bound to a domain. */
  hostname: string;
  sessionId: string;
  /** 32 lowercase hex characters, the anonymous buyer key. */
  orderSessionId: string;
  platformOpenId: string;
  /** Current card number, required by IoT endpoints. */
  simNo: string;
  pageUrl: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    client: ClientHeaders;
    /** The session named by `session-id`, or undefined; loaded once per request. */
    loadSession(): Promise<SessionRow | undefined>;
  }
}

const SESSION_ID_RE = /^[0-9a-f]{32,64}$/;
const ORDER_SESSION_RE = /^[0-9a-f]{32}$/;
const SIM_NO_RE = /^[0-9A-Za-z]{6,32}$/;
const HOSTNAME_RE = /^[A-Za-z0-9.-]{1,253}$/;

function header(req: FastifyRequest, name: string): string {
  const value = req.headers[name];
  return typeof value === 'string' ? value.trim() : '';
}

function when(value: string, re: RegExp): string {
  return re.test(value) ? value : '';
}

export function readClientHeaders(req: FastifyRequest): ClientHeaders {
  const hostHeader = header(req, 'hostname') || (req.hostname ?? '').replace(/:\d+$/, '');
  return {
    platform: header(req, 'platform').slice(0, 32),
    hostname: when(hostHeader.toLowerCase(), HOSTNAME_RE),
    sessionId: when(header(req, 'session-id').toLowerCase(), SESSION_ID_RE),
    orderSessionId: when(header(req, 'order-session-id').toLowerCase(), ORDER_SESSION_RE),
    platformOpenId: header(req, 'platform-open-id').slice(0, 128),
    simNo: when(header(req, 'sim-no'), SIM_NO_RE),
    pageUrl: header(req, 'page-url').slice(0, 1024),
  };
}

export function registerRequestContext(app: FastifyInstance, db: Db): void {
  app.decorateRequest('client', null as unknown as ClientHeaders);
  app.decorateRequest('loadSession', function loadSession(this: FastifyRequest) {
    const cached = (this as unknown as { _session?: Promise<SessionRow | undefined> })._session;
    if (cached) return cached;
    const id = this.client.sessionId;
    const loading = id
      ? findSession(db, id).then(async (row) => {
          if (row) await touchSession(db, row);
          return row;
        })
      : Promise.resolve(undefined);
    (this as unknown as { _session?: Promise<SessionRow | undefined> })._session = loading;
    return loading;
  });
  app.addHook('onRequest', async (req) => {
    req.client = readClientHeaders(req);
  });
}
