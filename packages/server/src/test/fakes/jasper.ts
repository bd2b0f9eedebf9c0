/**
 * A fake China Unicom Jasper (Cisco Control Center REST API) for the carrier adapter's tests: a
 * `node:http` server on a random port serving the documented device paths from a card table the test
 * holds, behind Basic auth `username:apiKey`. Like the platform, it allows one call at a time per account
 * (a second one meanwhile gets 429 with Retry-After), refuses pages over 50, and answers 429 when the test
 * asks for it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface JasperFakeDevice {
  iccid: string;
  /** ACTIVATED, ACTIVATION_READY, INVENTORY, TEST_READY, DEACTIVATED, RETIRED, PURGED, REPLACED. */
  status: string;
  /** Cycle-to-date data, bytes. */
  ctdDataUsage: number;
  /** Epoch ms of the last change (what modifiedSince compares). */
  modifiedAt: number;
}

export interface JasperCall {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
}

export interface JasperFake {
  url: string;
  username: string;
  apiKey: string;
  devices: Map<string, JasperFakeDevice>;
  calls: JasperCall[];
  /** The most calls that were ever open at once (counted from arrival, refused ones included). */
  maxInFlight: number;
  /** The next n calls answer 429 with `Retry-After: retryAfterSeconds`. */
  throttleNext: number;
  retryAfterSeconds: number;
  /** Every answer waits this long. */
  delayMs: number;
  addDevice(device: Partial<JasperFakeDevice> & { iccid: string }): JasperFakeDevice;
  close(): Promise<void>;
}

export const JASPER_MAX_PAGE = 50;

export async function startJasperFake(
  account: { username: string; apiKey: string } = { username: 'reseller', apiKey: 'fake-jasper-api-key-0123' },
): Promise<JasperFake> {
  let inFlight = 0;
  let open = 0;
  const fake: JasperFake = {
    url: '',
    ...account,
    devices: new Map(),
    calls: [],
    maxInFlight: 0,
    throttleNext: 0,
    retryAfterSeconds: 1,
    delayMs: 2,
    addDevice(device) {
      const full: JasperFakeDevice = { status: 'ACTIVATED', ctdDataUsage: 0, modifiedAt: Date.now(), ...device };
      fake.devices.set(full.iccid, full);
      return full;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const view = (d: JasperFakeDevice) => ({
    iccid: d.iccid,
    status: d.status,
    ratePlan: 'RESELLER_POOL',
    communicationPlan: 'DATA_ONLY',
    dateModified: new Date(d.modifiedAt).toISOString(),
  });

  function handle(method: string, path: string, q: Record<string, string>, body: string): [number, object] {
    const listing = path === '/rws/api/v1/devices';
    const one = /^\/rws\/api\/v1\/devices\/([^/]+)(\/ctdUsages)?$/.exec(path);
    if (listing && method === 'GET') {
      const since = Date.parse(q.modifiedSince ?? '');
      const pageSize = Number(q.pageSize ?? JASPER_MAX_PAGE);
      const pageNumber = Number(q.pageNumber ?? 1);
      if (!Number.isFinite(since)) return [400, { errorCode: '10000024', errorMessage: 'Invalid modifiedSince' }];
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > JASPER_MAX_PAGE) {
        return [400, { errorCode: '10000024', errorMessage: 'Invalid pageSize' }];
      }
      const changed = [...fake.devices.values()]
        .filter((d) => d.modifiedAt >= since)
        .sort((a, b) => a.iccid.localeCompare(b.iccid));
      const page = changed.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
      return [200, { pageNumber, devices: page.map(view), lastPage: pageNumber * pageSize >= changed.length }];
    }
    const device = one ? fake.devices.get(decodeURIComponent(one[1] ?? '')) : undefined;
    if (!one) return [404, { errorCode: '10000000', errorMessage: 'Not found' }];
    if (!device) return [404, { errorCode: '20000001', errorMessage: 'Resource not found - Invalid ICCID' }];
    if (one[2] && method === 'GET') {
      return [200, { iccid: device.iccid, ctdDataUsage: device.ctdDataUsage, ctdSMSUsage: 0, ctdVoiceUsage: 0 }];
    }
    if (method === 'GET') return [200, view(device)];
    if (method === 'PUT' && !one[2]) {
      let change: { status?: unknown };
      try {
        change = JSON.parse(body) as { status?: unknown };
      } catch {
        return [400, { errorCode: '10000001', errorMessage: 'Invalid request body' }];
      }
      const allowed = ['ACTIVATED', 'DEACTIVATED', 'ACTIVATION_READY', 'INVENTORY', 'TEST_READY', 'RETIRED'];
      if (typeof change.status !== 'string' || !allowed.includes(change.status)) {
        return [400, { errorCode: '10000001', errorMessage: 'Invalid status' }];
      }
      if (device.status === 'RETIRED' || device.status === 'PURGED') {
        return [400, { errorCode: '30000006', errorMessage: 'Status change not allowed' }];
      }
      device.status = change.status;
      device.modifiedAt = Date.now();
      return [200, { iccid: device.iccid }];
    }
    return [405, { errorCode: '10000000', errorMessage: 'Method not allowed' }];
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    const call: JasperCall = { method: req.method ?? 'GET', path: url.pathname, query, status: 0 };
    fake.calls.push(call);
    open += 1;
    fake.maxInFlight = Math.max(fake.maxInFlight, open);
    res.on('close', () => {
      open -= 1;
    });
    const send = (status: number, body: object, headers: Record<string, string> = {}) => {
      call.status = status;
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const expected = `Basic ${Buffer.from(`${fake.username}:${fake.apiKey}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      send(401, { errorCode: '10000001', errorMessage: 'Invalid credentials' });
      return;
    }
    if (inFlight > 0 || fake.throttleNext > 0) {
      fake.throttleNext = Math.max(0, fake.throttleNext - 1);
      send(
        429,
        { errorCode: '40000029', errorMessage: 'Rate limit exceeded' },
        {
          'retry-after': String(fake.retryAfterSeconds),
        },
      );
      return;
    }
    inFlight += 1;
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      setTimeout(() => {
        inFlight -= 1;
        if (res.destroyed) return;
        const [status, answer] = handle(call.method, url.pathname, query, body);
        send(status, answer);
      }, fake.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
