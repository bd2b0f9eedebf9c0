/** Picks the carrier gateway that CARRIER_GATEWAY names (config.ts); each new adapter adds its case here. */
import type { DbOrTx } from '../../db/database.js';
import type { ProviderCheck } from '../provider-check.js';
import type { CarrierGateway, CarrierGatewayKind, CarrierSettings } from './carrier-gateway.js';
import { JasperCarrier, type JasperSettings } from './jasper-carrier.js';
import { OnelinkCarrier, type OnelinkSettings } from './onelink-carrier.js';
import type { PlatformClock, PlatformLog } from './platform-http.js';
import { SimulatedCarrier } from './simulated-carrier.js';

/** A setting the chosen platform cannot run without (production refuses to start without it first). */
function required(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw new Error(`CARRIER_GATEWAY needs ${name} (docs/configuration.md)`);
  return value;
}

function onelinkSettings(settings: CarrierSettings | undefined): OnelinkSettings {
  const s = settings?.onelink;
  return {
    baseUrl: required(s?.baseUrl, 'ONELINK_BASE_URL'),
    appId: required(s?.appId, 'ONELINK_APP_ID'),
    password: required(s?.password, 'ONELINK_PASSWORD'),
  };
}

function jasperSettings(settings: CarrierSettings | undefined): JasperSettings {
  const s = settings?.jasper;
  return {
    baseUrl: required(s?.baseUrl, 'JASPER_BASE_URL'),
    username: required(s?.username, 'JASPER_USERNAME'),
    apiKey: required(s?.apiKey, 'JASPER_API_KEY'),
  };
}

export function createCarrierGateway(
  kind: CarrierGatewayKind,
  deps: {
    db: DbOrTx;
    log: PlatformLog;
    settings?: CarrierSettings | undefined;
    timeoutMs: number;
    /** The platforms' waits and call deadlines; the real clock unless a test drives its own. */
    clock?: PlatformClock | undefined;
  },
): CarrierGateway {
  switch (kind) {
    case 'simulator':
      return new SimulatedCarrier(deps.db);
    case 'onelink':
      return new OnelinkCarrier(deps.db, onelinkSettings(deps.settings), deps.log, deps.timeoutMs, deps.clock);
    case 'jasper':
      return new JasperCarrier(deps.db, jasperSettings(deps.settings), deps.log, deps.timeoutMs, deps.clock);
    default: {
      const unknown: never = kind;
      throw new Error(`unknown carrier gateway: ${String(unknown)}`);
    }
  }
}

/**
 * The checks read no card, so they are built without a database (`providers check` opens none); were one
 * to touch it, this says so instead of failing obscurely.
 */
const NO_DATABASE = new Proxy(
  {},
  {
    get() {
      throw new Error('a provider check uses no database');
    },
  },
) as DbOrTx;

/**
 * The check of the configured carrier platform (`haoka providers check`): OneLink's token, one page of
 * Jasper's changed devices. None for the simulator.
 */
export function carrierProviderCheck(
  kind: CarrierGatewayKind,
  deps: { log: PlatformLog; settings?: CarrierSettings | undefined; timeoutMs: number },
): ProviderCheck | undefined {
  switch (kind) {
    case 'simulator':
      return undefined;
    case 'onelink': {
      const carrier = new OnelinkCarrier(NO_DATABASE, onelinkSettings(deps.settings), deps.log, deps.timeoutMs);
      return { gateway: 'carrier', provider: kind, check: () => carrier.check() };
    }
    case 'jasper': {
      const carrier = new JasperCarrier(NO_DATABASE, jasperSettings(deps.settings), deps.log, deps.timeoutMs);
      return { gateway: 'carrier', provider: kind, check: () => carrier.check() };
    }
    default: {
      const unknown: never = kind;
      throw new Error(`unknown carrier gateway: ${String(unknown)}`);
    }
  }
}
