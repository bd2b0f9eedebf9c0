/**
 * China Unicom Jasper (Cisco Control Center REST, PROVIDERS.md "Carrier platforms"), behind CarrierGateway.
 * Basic auth `username:apiKey`; the platform knows a card by its ICCID.
 *
 * - Device: `GET /rws/api/v1/devices/{iccid}` (status); usage: `GET …/{iccid}/ctdUsages` (cycle-to-date
 *   bytes); status change: `PUT /rws/api/v1/devices/{iccid}`; changes since a time:
 *   `GET /rws/api/v1/devices?modifiedSince=…`, at most 50 a page.
 * - Pace: one call at a time per account; a 429 waits what Retry-After says (platform-http.ts).
 * - Jasper gives no stop reason and no real-name state: the card keeps what the shop holds for those.
 */
import type { DbOrTx } from '../../db/database.js';
import { systemClock } from '../outbound-http.js';
import { type CarrierGateway, CarrierRefusal, type SyncedSim } from './carrier-gateway.js';
import { ConnectivityPlatform } from './connectivity-platform.js';
import {
  OneAtATime,
  type PlatformClock,
  type PlatformHttpOptions,
  type PlatformLog,
  platformRequest,
} from './platform-http.js';
import { loadPlatformCard, simNosOfIccids } from './platform-repository.js';
import { toSyncedSim } from './platform-sync.js';

export interface JasperSettings {
  baseUrl: string;
  username: string;
  apiKey: string;
}

/** The largest page Control Center serves. */
export const JASPER_PAGE_SIZE = 50;
/** Pages read per changes-since sync; more waits for the next run (its `since` has not moved past them). */
const MAX_PAGES = 20;

type JasperBody = Record<string, unknown> | undefined;

/** Control Center's `modifiedSince`: ISO 8601 to the second, with an explicit offset. */
const jasperTime = (epochMs: number) => new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, '+00:00');

export class JasperCarrier extends ConnectivityPlatform implements CarrierGateway {
  readonly name = 'jasper';
  readonly #http: PlatformHttpOptions;
  readonly #queue = new OneAtATime();

  constructor(
    private readonly db: DbOrTx,
    private readonly settings: JasperSettings,
    log: PlatformLog,
    timeoutMs: number,
    clock: PlatformClock = systemClock,
  ) {
    super();
    this.#http = { platform: 'jasper', log, clock, timeoutMs, secrets: () => [settings.apiKey] };
  }

  /** One call in the account's single lane; 401/403 and 4xx are the platform's refusal, by its own code. */
  #send(method: 'GET' | 'PUT', path: string, body?: object): Promise<JasperBody> {
    return this.#queue.run(async () => {
      const url = new URL(`${this.settings.baseUrl.replace(/\/$/, '')}/rws/api/v1/${path}`);
      const auth = Buffer.from(`${this.settings.username}:${this.settings.apiKey}`).toString('base64');
      const answer = await platformRequest(this.#http, {
        method,
        url,
        headers: {
          authorization: `Basic ${auth}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        read: method === 'GET',
      });
      const answered = answer.body as JasperBody;
      if (answer.status === 404) throw new CarrierRefusal('carrierSimNotFound', `jasper ${path}: not found`);
      if (answer.status >= 400) {
        const code = String(answered?.errorCode ?? answer.status);
        throw new CarrierRefusal('carrierRefused', `jasper ${path}: ${code} ${String(answered?.errorMessage ?? '')}`);
      }
      return answered;
    });
  }

  async #iccid(simNo: string): Promise<{ iccid: string; card: Awaited<ReturnType<typeof loadPlatformCard>> }> {
    const card = await loadPlatformCard(this.db, simNo);
    return { iccid: card.iccid, card };
  }

  async syncSim(simNo: string, now = Date.now()): Promise<SyncedSim> {
    const { iccid, card } = await this.#iccid(simNo);
    const device = await this.#send('GET', `devices/${encodeURIComponent(iccid)}`);
    const usage = await this.#send('GET', `devices/${encodeURIComponent(iccid)}/ctdUsages`);
    const status = typeof device?.status === 'string' ? device.status : '';
    const bytes = Number(usage?.ctdDataUsage);
    return toSyncedSim(
      this.db,
      card,
      {
        operatorState: status === '' ? undefined : { platform: 'jasper', state: status, stopReason: '' },
        monthUsageMb: Number.isFinite(bytes) && usage?.ctdDataUsage !== undefined ? bytes / 1024 / 1024 : undefined,
      },
      now,
    );
  }

  /**
   * `haoka providers check`: the cheapest read-only call, one device changed since now (none, as a rule),
   * proves the base URL, the user name and the API key; a wrong one is Control Center's 401.
   */
  async check(): Promise<void> {
    const modifiedSince = jasperTime(Date.now());
    await this.#send('GET', `devices?${new URLSearchParams({ modifiedSince, pageSize: '1' })}`);
  }

  /** The shop's cards Control Center changed since `since`, page by page (50 a page, one call at a time). */
  async changedSince(since: number): Promise<string[]> {
    const modifiedSince = jasperTime(since);
    const iccids: string[] = [];
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const query = new URLSearchParams({
        modifiedSince,
        pageSize: String(JASPER_PAGE_SIZE),
        pageNumber: String(page),
      });
      const answer = await this.#send('GET', `devices?${query}`);
      const devices = Array.isArray(answer?.devices) ? (answer.devices as Record<string, unknown>[]) : [];
      for (const device of devices) if (typeof device.iccid === 'string') iccids.push(device.iccid);
      // A short page is the last one too, should the platform leave `lastPage` out.
      if (answer?.lastPage === true || devices.length < JASPER_PAGE_SIZE) break;
    }
    return simNosOfIccids(this.db, iccids);
  }

  /** Status ACTIVATED; a card already running is fine. */
  async resumeSim(simNo: string): Promise<void> {
    const { iccid } = await this.#iccid(simNo);
    await this.#send('PUT', `devices/${encodeURIComponent(iccid)}`, { status: 'ACTIVATED' });
  }

  /** Status DEACTIVATED: the reseller stops a card. */
  async suspendSim(simNo: string): Promise<void> {
    const { iccid } = await this.#iccid(simNo);
    await this.#send('PUT', `devices/${encodeURIComponent(iccid)}`, { status: 'DEACTIVATED' });
  }

  /** Control Center keeps no real-name state, so it has none to report back either. */
  async officialAuthState(): Promise<number> {
    throw new CarrierRefusal('carrierNoOnlineAuth', 'jasper: no real-name state on Control Center');
  }
}
