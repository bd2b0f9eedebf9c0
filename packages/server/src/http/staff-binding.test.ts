/** A staff endpoint must declare its permission: the binding refuses one without when the app is built. */
import { defineEndpoint } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Db } from '../db/database.js';
import { bindEndpoint } from './contract.js';

const app = () => ({ route: vi.fn(), ctx: { config: { env: 'test' } } }) as unknown as FastifyInstance;
const endpoint = (permission?: 'staff.read' | 'self') =>
  defineEndpoint({
    method: 'GET',
    path: '/api/admin/probe',
    input: z.object({}),
    data: z.null(),
    auth: 'staff',
    ...(permission ? { permission } : {}),
  });

describe('binding a staff endpoint', () => {
  it('refuses one that declares no permission', () => {
    expect(() => bindEndpoint(app(), {} as Db, endpoint(), () => null)).toThrow(/declares its permission/);
  });

  it.each(['staff.read', 'self'] as const)('binds one that declares %s', (permission) => {
    const built = app();
    bindEndpoint(built, {} as Db, endpoint(permission), () => null);
    expect(built.route).toHaveBeenCalledOnce();
  });
});
