/**
 * Web test stubs checked against the contract: the data a stub answers for a contract endpoint must fit
 * the endpoint's data schema, as the server's answers do (the server checks its own outside production).
 * `mockApi` (render-route.tsx) checks every success it answers; the setup (setup.ts) fails the test
 * during which a stub broke its schema, naming the endpoint and the path of the bad field.
 */
import type { Endpoint, EndpointData } from '@haoka/contract';
import * as contract from '@haoka/contract';

type Contract = typeof contract;
/** Every endpoint the contract declares, as a union of their types. */
export type AnyEndpoint = {
  [K in keyof Contract]: Contract[K] extends object ? Extract<Contract[K][keyof Contract[K]], Endpoint> : never;
}[keyof Contract];
/** The data type of the endpoint at `path`. */
export type StubData<P extends string> = EndpointData<Extract<AnyEndpoint, { path: P }>>;

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'data' in value;
}

/** Every contract endpoint by `METHOD path`. */
const ENDPOINTS = new Map<string, Endpoint>(
  Object.values(contract)
    .filter((value) => typeof value === 'object' && value !== null && !isEndpoint(value))
    .flatMap((namespace) => Object.values(namespace as object).filter(isEndpoint))
    .map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint]),
);

const stubBreaches: string[] = [];

export function recordStubBreach(breach: string): void {
  stubBreaches.push(breach);
}

/** The stubs that broke their endpoint's data schema since the last call (test/setup.ts fails the test). */
export function takeStubBreaches(): string[] {
  return stubBreaches.splice(0);
}

/** `null` when `data` (a success's data, as it goes on the wire) fits the endpoint's data schema, else why not. */
export function stubBreach(method: string, path: string, data: unknown): string | null {
  const endpoint = ENDPOINTS.get(`${method} ${path}`);
  if (!endpoint) return null;
  const result = endpoint.data.safeParse(JSON.parse(JSON.stringify(data ?? null)));
  if (result.success) return null;
  const issues = result.error.issues.map(
    (issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : '(data)'}: ${issue.message}`,
  );
  return `${method} ${path}: ${issues.join('; ')}`;
}
