/**
 * China Mobile OneLink, EC API v5 (PROVIDERS.md "Carrier platforms"), behind CarrierGateway. Every call is
 * a GET on `{base}/v5/ec/…` with `transid` (appid + YYYYMMDDHHMISS + an 8-digit sequence) and a token; the
 * answer is `{status: "0", message, result: [...]}`. The platform knows a card by its MSISDN, which is the
 * shop's card number.
 *
 * - Token: `get/token` with appid and password, cached for 40 minutes (the platform keeps it about an hour);
 *   status 12021 means it expired: a new one is fetched and the call is made once more.
 * - Pace: at most ONELINK_CALLS_PER_SECOND calls start each second; the over-limit status waits a second
 *   and tries once more. Batch queries take up to 100 cards.
 * - What OneLink cannot do for the shop (packages are the shop's own pool, speed profiles, device commands,
 *   network switching, online real-name) is refused the way the interface documents.
 */
import type { DbOrTx } from '../../db/database.js';
import { formatDateTime } from '../../lib/time.js';
import { systemClock } from '../outbound-http.js';
import { type CarrierGateway, CarrierRefusal, type SyncedSim } from './carrier-gateway.js';
import { ConnectivityPlatform } from './connectivity-platform.js';
import type { OperatorState } from './operator-states.js';
import {
  CallSpacing,
  type PlatformClock,
  type PlatformHttpOptions,
  type PlatformLog,
  PlatformUnavailable,
  platformRequest,
} from './platform-http.js';
import { loadPlatformCard, loadPlatformCards } from './platform-repository.js';
import { type PlatformReading, toSyncedSim } from './platform-sync.js';

export interface OnelinkSettings {
  baseUrl: string;
  appId: string;
  password: string;
}

/** Cards per `sim-card-info/batch` call (the platform's limit). */
export const ONELINK_BATCH = 100;
/** Calls started per second and appid; the platform refuses faster callers with its over-limit status. */
export const ONELINK_CALLS_PER_SECOND = 10;
export const ONELINK_TOKEN_TTL_MS = 40 * 60_000;
/** The token expired (or was replaced by a newer one). */
export const ONELINK_TOKEN_EXPIRED = '12021';
/** The appid called faster than its cap (as this adapter reads the platform's code table). */
export const ONELINK_OVER_LIMIT = '12009';
/** The pause before the one more try after the over-limit status: the cap counts per second. */
export const ONELINK_OVER_LIMIT_WAIT_MS = 1000;
/** OneLink's card state of a stopped card: only then is the stop reason asked. */
const STOPPED = '4';

interface OnelinkAnswer {
  status: string;
  message?: string;
  result?: Record<string, unknown>[];
}

const str = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
const num = (value: unknown): number | undefined => {
  const n = Number(value);
  return value === undefined || value === null || value === '' || !Number.isFinite(n) ? undefined : n;
};

/** OneLink real-name (`sim-real-name-status` realNameStatus): 0 none, 1 done; ours is the same scale. */
function authOf(value: unknown): number | undefined {
  const n = num(value);
  return n === 0 || n === 1 ? n : undefined;
}

export class OnelinkCarrier extends ConnectivityPlatform implements CarrierGateway {
  readonly name = 'onelink';
  readonly #http: PlatformHttpOptions;
  readonly #spacing: CallSpacing;
  readonly #clock: PlatformClock;
  #token: { value: string; until: number } | undefined;
  #pendingToken: Promise<string> | undefined;
  #seq = 0;

  constructor(
    private readonly db: DbOrTx,
    private readonly settings: OnelinkSettings,
    log: PlatformLog,
    timeoutMs: number,
    clock: PlatformClock = systemClock,
  ) {
    super();
    this.#clock = clock;
    this.#spacing = new CallSpacing(ONELINK_CALLS_PER_SECOND, clock);
    this.#http = {
      platform: 'onelink',
      log,
      clock,
      timeoutMs,
      secrets: () => [settings.password, ...(this.#token ? [this.#token.value] : [])],
    };
  }

  #transid(): string {
    this.#seq = (this.#seq + 1) % 100_000_000;
    const stamp = formatDateTime(Date.now()).replace(/\D/g, '');
    return `${this.settings.appId}${stamp}${String(this.#seq).padStart(8, '0')}`;
  }

  async #get(path: string, params: Record<string, string>, read: boolean): Promise<OnelinkAnswer> {
    await this.#spacing.wait();
    const url = new URL(`${this.settings.baseUrl.replace(/\/$/, '')}/v5/ec/${path}`);
    for (const [name, value] of Object.entries({ transid: this.#transid(), ...params })) {
      url.searchParams.set(name, value);
    }
    const { body } = await platformRequest(this.#http, { method: 'GET', url, read });
    const answer = body as OnelinkAnswer | undefined;
    if (!answer || typeof answer.status !== 'string') throw new PlatformUnavailable('onelink', 'answer without status');
    return answer;
  }

  /** A valid token, fetched once for concurrent callers. */
  async #validToken(): Promise<string> {
    if (this.#token && this.#token.until > Date.now()) return this.#token.value;
    this.#pendingToken ??= (async () => {
      try {
        const answer = await this.#get(
          'get/token',
          { appid: this.settings.appId, password: this.settings.password },
          true,
        );
        const token = str(answer.result?.[0]?.token);
        if (answer.status !== '0' || token === '') {
          throw new CarrierRefusal('carrierRefused', `onelink token: ${answer.status} ${answer.message ?? ''}`);
        }
        this.#token = { value: token, until: Date.now() + ONELINK_TOKEN_TTL_MS };
        return token;
      } finally {
        this.#pendingToken = undefined;
      }
    })();
    return this.#pendingToken;
  }

  /**
   * `haoka providers check`: fetching a token proves the base URL, the appid and the password (a wrong
   * one is OneLink's own status, 12002); it reads no card.
   */
  async check(): Promise<void> {
    // A cached token would prove nothing about the password: the check always asks for a new one.
    this.#token = undefined;
    await this.#validToken();
  }

  /**
   * One business call: a fresh token once when the platform says the cached one expired, one more try
   * after a second when over the rate cap. Any other status is the operator's refusal.
   */
  async #call(path: string, params: Record<string, string>, read: boolean): Promise<Record<string, unknown>[]> {
    let renewed = false;
    let slowed = false;
    for (;;) {
      const token = await this.#validToken();
      const answer = await this.#get(path, { ...params, token }, read);
      if (answer.status === '0') return answer.result ?? [];
      if (answer.status === ONELINK_TOKEN_EXPIRED && !renewed) {
        renewed = true;
        if (this.#token?.value === token) this.#token = undefined;
        continue;
      }
      if (answer.status === ONELINK_OVER_LIMIT && !slowed) {
        slowed = true;
        await this.#clock.sleep(ONELINK_OVER_LIMIT_WAIT_MS);
        continue;
      }
      if (answer.status === ONELINK_OVER_LIMIT) throw new PlatformUnavailable('onelink', 'over the call limit');
      throw new CarrierRefusal('carrierRefused', `onelink ${path}: ${answer.status} ${answer.message ?? ''}`);
    }
  }

  async #first(path: string, simNo: string): Promise<Record<string, unknown>> {
    return (await this.#call(path, { msisdn: simNo }, true))[0] ?? {};
  }

  async #read(simNo: string): Promise<PlatformReading> {
    const cardStatus = str((await this.#first('query/sim-status', simNo)).cardStatus);
    const stopReason =
      cardStatus === STOPPED ? str((await this.#first('query/sim-stop-reason', simNo)).stopReason) : '';
    // sim-data-usage counts the month so far in KB.
    const usageKb = num((await this.#first('query/sim-data-usage', simNo)).dataAmount);
    const authStatus = authOf((await this.#first('query/sim-real-name-status', simNo)).realNameStatus);
    const onOff = num((await this.#first('query/on-off-status', simNo)).status);
    const operatorState: OperatorState | undefined =
      cardStatus === '' ? undefined : { platform: 'onelink', state: cardStatus, stopReason };
    return {
      operatorState,
      monthUsageMb: usageKb === undefined ? undefined : usageKb / 1024,
      authStatus,
      onlineStatus: onOff === undefined ? undefined : onOff === 1 ? 1 : 0,
    };
  }

  async syncSim(simNo: string, now = Date.now()): Promise<SyncedSim> {
    const card = await loadPlatformCard(this.db, simNo);
    return toSyncedSim(this.db, card, await this.#read(simNo), now);
  }

  /**
   * `query/sim-card-info/batch`, 100 cards a call (`msisdns` joined by `_`). Each entry of the answer
   * has its own status; a card the platform could not answer for is left out (the job syncs it later).
   */
  async syncSims(simNos: string[], now = Date.now()): Promise<Map<string, SyncedSim>> {
    const cards = await loadPlatformCards(this.db, simNos);
    const synced = new Map<string, SyncedSim>();
    const known = simNos.filter((simNo) => cards.has(simNo));
    for (let i = 0; i < known.length; i += ONELINK_BATCH) {
      const chunk = known.slice(i, i + ONELINK_BATCH);
      const entries = await this.#call('query/sim-card-info/batch', { msisdns: chunk.join('_') }, true);
      for (const entry of entries) {
        const simNo = str(entry.msisdn);
        const card = cards.get(simNo);
        if (!card || (entry.status !== undefined && str(entry.status) !== '0')) continue;
        const cardStatus = str(entry.cardStatus);
        const usageKb = num(entry.dataAmount);
        synced.set(
          simNo,
          await toSyncedSim(
            this.db,
            card,
            {
              operatorState:
                cardStatus === ''
                  ? undefined
                  : { platform: 'onelink', state: cardStatus, stopReason: str(entry.stopReason) },
              monthUsageMb: usageKb === undefined ? undefined : usageKb / 1024,
              authStatus: authOf(entry.realNameStatus),
            },
            now,
          ),
        );
      }
    }
    return synced;
  }

  /** `change/sim-status` operType 1; a card already running is fine (the platform answers it accepted). */
  async resumeSim(simNo: string): Promise<void> {
    await this.#call('change/sim-status', { msisdn: simNo, operType: '1' }, false);
  }

  /** `change/sim-status` operType 0: the reseller stops a card (主动停机). */
  async suspendSim(simNo: string): Promise<void> {
    await this.#call('change/sim-status', { msisdn: simNo, operType: '0' }, false);
  }

  async officialAuthState(simNo: string, authSimNo: string): Promise<number> {
    const auth = authOf((await this.#first('query/sim-real-name-status', authSimNo || simNo)).realNameStatus);
    if (auth === undefined) throw new PlatformUnavailable('onelink', 'real-name state missing');
    return auth;
  }
}
