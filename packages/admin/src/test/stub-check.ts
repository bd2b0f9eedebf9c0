/**
 * Console test stubs checked against the contract: the data a stub answers for an `adminApi` endpoint
 * must fit that endpoint's data schema, as the server's answers do. A breach answers HTTP 500 and fails
 * the test (setup.ts), naming the endpoint and the bad field.
 */
import { adminApi, type Endpoint, type EndpointData } from '@haoka/contract';

type Admin = typeof adminApi;
/** Every console endpoint, as a union of their declarations. */
export type AdminEndpoint = Extract<Admin[keyof Admin], Endpoint>;
/** The data type of the endpoint at `path`. */
export type StubData<P extends string> = EndpointData<Extract<AdminEndpoint, { path: P }>>;

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'data' in value;
}

const ENDPOINTS = new Map<string, Endpoint>(
  (Object.values(adminApi) as unknown[])
    .filter(isEndpoint)
    .map((endpoint): [string, Endpoint] => [`${endpoint.method} ${endpoint.path}`, endpoint]),
);

const breaches: string[] = [];

export function recordStubBreach(breach: string): void {
  breaches.push(breach);
}

export function takeStubBreaches(): string[] {
  return breaches.splice(0);
}

/** null when `data` fits the endpoint's data schema (or the path is no contract endpoint), else why not. */
export function stubBreach(method: string, path: string, data: unknown): string | null {
  const endpoint = ENDPOINTS.get(`${method} ${path}`);
  if (!endpoint) return null;
  const result = endpoint.data.safeParse(JSON.parse(JSON.stringify(data ?? null)));
  if (result.success) return null;
  const issues = result.error.issues.map((i) => `${i.path.map(String).join('.') || '(data)'}: ${i.message}`);
  return `${method} ${path}: ${issues.join('; ')}`;
}
