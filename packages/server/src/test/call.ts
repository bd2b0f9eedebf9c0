/**
 * The one way an API test calls a contract endpoint: `callEndpoint(t, endpoint, input, { as })`. The input
 * has the endpoint's input type and the answer's `data` its data type, both from the declaration, so a
 * renamed field breaks the test's typecheck (tsconfig.test.json). A GET's input goes in the query as the
 * web sends it (arrays joined by commas), a POST's as the JSON body. The answer must come with HTTP 200;
 * otherwise the test fails with the body and the app's latest error lines. Input that breaks the schema
 * on purpose goes through `malformed(…)`; raw routes (notifies, uploads, pages) through `callApp`.
 */
import type { Endpoint, EndpointData, EndpointInput } from '@haoka/contract';
import { expect } from 'vitest';
import type { TestCard } from './cards.js';
import { clientHeaders, type TestApp } from './harness.js';

/** The envelope, `data` typed as the endpoint's success data (a refusal's data is what the refusal says). */
export interface Answer<D> {
  code: number;
  message: string;
  reason?: string;
  data: D;
}

export interface CallOptions {
  /** A card (its session headers) or the request headers; the web client's standard headers by default. */
  as?: TestCard | Record<string, string>;
  /** The caller's address (per-IP limits). */
  remoteAddress?: string;
}

function toQuery(input: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = search.toString();
  return qs ? `?${qs}` : '';
}

function headersOf(who: CallOptions['as']): Record<string, string> {
  if (!who) return clientHeaders();
  return 'headers' in who && typeof who.headers === 'object' ? who.headers : (who as Record<string, string>);
}

export async function callEndpoint<E extends Endpoint>(
  t: TestApp,
  endpoint: E,
  input: EndpointInput<E>,
  options: CallOptions = {},
): Promise<Answer<EndpointData<E>>> {
  const isGet = endpoint.method === 'GET';
  const values = (input ?? {}) as Record<string, unknown>;
  const url = `${endpoint.path}${isGet ? toQuery(values) : ''}`;
  const res = await t.app.inject({
    method: endpoint.method,
    url,
    headers: headersOf(options.as),
    ...(isGet ? {} : { payload: values }),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  expect(res.statusCode, `${endpoint.method} ${url}: ${res.body}\n${t.serverErrors().join('')}`).toBe(200);
  return res.json() as Answer<EndpointData<E>>;
}

/** Input that breaks the endpoint's schema on purpose (a validation test); typed as whatever is expected. */
export function malformed(input: Record<string, unknown>): never {
  return input as never;
}

/**
 * `callEndpoint` bound to a test file's app, for short call sites:
 * `const api = endpointCaller(() => t); await api(iotCoreApi.getSimInfo, {}, card)`. `remoteAddress` gives each
 * call its address unless the call names one (files that keep per-IP limits out of the way).
 */
export function endpointCaller(app: () => TestApp, defaults: { remoteAddress?: () => string } = {}) {
  return <E extends Endpoint>(
    endpoint: E,
    input: EndpointInput<E>,
    as?: CallOptions['as'],
    remoteAddress: string | undefined = defaults.remoteAddress?.(),
  ) => callEndpoint(app(), endpoint, input, { ...(as ? { as } : {}), ...(remoteAddress ? { remoteAddress } : {}) });
}

/** What a refusal's data says (field, remainTimes, lockedUntil, action …), which the success type does not describe. */
export function refusalData(answer: Answer<unknown>): Record<string, unknown> {
  return (answer.data ?? {}) as Record<string, unknown>;
}
