/**
 * The card context of a card endpoint: the binding loads the card once, checks the module the endpoint
 * declares (40001 before the handler runs) and hands the handler the card. And every declared module is
 * a menu key a card layout can switch.
 */
import * as contract from '@haoka/contract';
import { defineEndpoint, type Endpoint, ErrorCode } from '@haoka/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Db } from '../db/database.js';
import { DEMO_SIM_LAYOUT } from '../seed/demo-iot-cards.js';
import { AppError } from './app-error.js';
import { bindEndpoint, type CardAccess, type CardRow, registerCardAccess } from './contract.js';

vi.mock('./sessions.js', async (original) => ({
  ...(await original<typeof import('./sessions.js')>()),
  useCard: async (_db: unknown, sessionId: string, simNo: string) => sessionId === 'session-1' && simNo === '1440',
}));

const db = {} as Db;
const card = { id: 7, sim_no: '1440', layout_code: 'demo' } as CardRow;

/** Binds one endpoint on a stand-in app and answers a call to it. */
async function call(endpoint: Endpoint, handler: Parameters<typeof bindEndpoint>[3], simNo = '1440') {
  let route: RouteOptions | undefined;
  const app = {
    route: (options: RouteOptions) => (route = options),
    // As in the tests' server: answers are checked against the contract.
    ctx: { config: { env: 'test', checkAnswers: true } },
  } as unknown as FastifyInstance;
  bindEndpoint(app, db, endpoint, handler);
  const req = {
    query: {},
    body: {},
    client: { simNo },
    loadSession: async () => ({ id: 'session-1' }),
  };
  const handle = route?.handler as unknown as (req: unknown, reply: unknown) => Promise<unknown>;
  return handle(req, { type: () => undefined });
}

const probe = (module?: string) =>
  defineEndpoint({
    method: 'GET',
    path: '/api/iot/probe',
    input: z.object({}),
    data: z.object({ simNo: z.string() }),
    auth: 'card',
    ...(module ? { module } : {}),
  });

describe('card endpoints', () => {
  const access = {
    load: vi.fn<CardAccess['load']>(async () => card),
    requireModule: vi.fn<CardAccess['requireModule']>(async (_db, _card, module) => {
      if (module === 'closed') throw new AppError(ErrorCode.MODULE_CLOSED);
    }),
  };
  beforeEach(() => registerCardAccess(access));
  afterEach(() => vi.clearAllMocks());

  it('hand the handler the card, loaded once', async () => {
    const handler = vi.fn((_input: unknown, ctx: { card: CardRow | null; simNo: string | null }) => ({
      simNo: ctx.card?.sim_no ?? '',
    }));
    expect(await call(probe(), handler)).toMatchObject({ code: 0, data: { simNo: '1440' } });
    expect(access.load).toHaveBeenCalledTimes(1);
    expect(access.load).toHaveBeenCalledWith(db, '1440');
    expect(handler.mock.calls[0]?.[1]).toMatchObject({ simNo: '1440', card });
    expect(access.requireModule).not.toHaveBeenCalled();
  });

  it('answer 40001 for a module the layout switches off, before the handler runs', async () => {
    const handler = vi.fn(() => ({ simNo: '' }));
    await expect(call(probe('closed'), handler)).rejects.toMatchObject({ code: ErrorCode.MODULE_CLOSED });
    expect(access.requireModule).toHaveBeenCalledWith(db, card, 'closed');
    expect(handler).not.toHaveBeenCalled();
    expect(await call(probe('open'), handler)).toMatchObject({ code: 0 });
  });

  it('answer 34061 for a card the session does not hold, without loading it', async () => {
    const handler = vi.fn(() => ({ simNo: '' }));
    await expect(call(probe(), handler, '9999')).rejects.toMatchObject({ code: ErrorCode.SIM_LOGIN_TIMEOUT });
    expect(access.load).not.toHaveBeenCalled();
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('declared modules', () => {
  const endpoints = Object.values(contract)
    .filter((value) => typeof value === 'object' && value !== null)
    .flatMap((namespace) => Object.values(namespace as Record<string, unknown>))
    .filter(
      (value): value is Endpoint => typeof value === 'object' && value !== null && 'path' in value && 'auth' in value,
    );
  const layoutKeys = new Set([...DEMO_SIM_LAYOUT.menus, ...DEMO_SIM_LAYOUT.user.elements].map((m) => m.key));
  const declared = endpoints.filter((e) => e.module !== undefined);

  it('are declared by card endpoints and name a key of the card layout', () => {
    expect(declared.length).toBeGreaterThan(10);
    for (const endpoint of declared) {
      expect(endpoint.auth, endpoint.path).toBe('card');
      expect(layoutKeys.has(endpoint.module as string), `${endpoint.path}: ${endpoint.module}`).toBe(true);
    }
  });
});
