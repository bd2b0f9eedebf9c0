/**
 * Every contract endpoint is bound, with its method, and every `/api` route the app binds is a contract
 * endpoint, except the raw routes named below: notifies, redirects and uploads, and the pages of the
 * built-in simulators. The routes are read from the built app (`printRoutes`).
 */

import type { Endpoint } from '@haoka/contract';
import * as contract from '@haoka/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../test/harness.js';

/** `METHOD path` of the routes that answer outside the contract, each with why. */
const RAW_ROUTES: Record<string, string> = {
  'POST /api/pay/notify/:channel': "a payment provider's notify, in the provider's format",
  'GET /api/pay/return': "the provider's return address: a redirect to the shop",
  'GET /api/pay/sandbox/cashier': "the sandbox provider's cashier page (HTML)",
  'POST /api/pay/sandbox/confirm': "the sandbox provider's cashier form",
  'POST /api/pay/sandbox/cancel': "the sandbox provider's cashier form",
  'GET /api/carrier-sim/realname': "the simulated operator's real-name page (HTML)",
  'POST /api/carrier-sim/realname': "the simulated operator's real-name form",
  'POST /api/upload': 'a multipart upload',
  'GET /api/upload/file': 'an uploaded image, as a file',
  'GET /api/site/wechatAuthorize': "the start of WeChat's OAuth: a redirect (WECHAT_AUTHORIZE_PATH)",
  'GET /api/site/wechatAuthorize/callback': "WeChat's OAuth callback: a redirect",
  'GET /api/admin/orders/export': "the console's orders as an XLSX file (ADMIN_EXPORT_PATH)",
  'GET /api/admin/inventory/export': "the console's number inventory as an XLSX file (INVENTORY_EXPORT_PATH)",
};

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'input' in value &&
    'data' in value &&
    'auth' in value
  );
}

/** Every endpoint the contract declares: the exports of its endpoint namespaces (`shopApi`, `iotCoreApi` …). */
function contractEndpoints(): Endpoint[] {
  return Object.values(contract)
    .filter((value) => typeof value === 'object' && value !== null && !isEndpoint(value))
    .flatMap((namespace) => Object.values(namespace as object).filter(isEndpoint));
}

/** `METHOD path` of every route in Fastify's route tree (HEAD, which Fastify adds to a GET, left out). */
function boundRoutes(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const m = line.match(/^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(m[2] ?? '');
    const path = stack.join('');
    for (const method of (m[3] ?? '').split(', ').filter((x) => x && x !== 'HEAD')) routes.push(`${method} ${path}`);
  }
  return routes;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`the contract and the bound routes on ${TEST_DB}`, () => {
  it('reads the route tree (a GET, a nested route and a POST)', () => {
    const routes = boundRoutes(t.app.printRoutes({ commonPrefix: false }));
    expect(routes).toEqual(
      expect.arrayContaining(['GET /api/simLoginConfig', 'POST /api/simLogin', 'GET /api/upload/file', 'GET /healthz']),
    );
  });

  it('binds every contract endpoint with its method', () => {
    const declared = contractEndpoints();
    expect(declared.length).toBeGreaterThan(90);
    const unbound = declared
      .filter((e) => !t.app.hasRoute({ method: e.method, url: e.path }))
      .map((e) => `${e.method} ${e.path}`);
    expect(unbound).toEqual([]);
  });

  it('binds no /api route outside the contract but the named raw routes', () => {
    const declared = new Set(contractEndpoints().map((e) => `${e.method} ${e.path}`));
    const outside = boundRoutes(t.app.printRoutes({ commonPrefix: false }))
      .filter((route) => route.split(' ')[1]?.startsWith('/api/'))
      .filter((route) => !declared.has(route));
    expect(outside.sort()).toEqual(Object.keys(RAW_ROUTES).sort());
  });

  it('declares each endpoint once', () => {
    const keys = contractEndpoints().map((e) => `${e.method} ${e.path}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });
});
