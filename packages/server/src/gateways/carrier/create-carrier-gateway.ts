/** Picks the carrier gateway that CARRIER_GATEWAY names (config.ts); each new adapter adds its case here. */
import type { DbOrTx } from '../../db/database.js';
import type { CarrierGateway, CarrierGatewayKind, CarrierSettings } from './carrier-gateway.js';
import { JasperCarrier } from './jasper-carrier.js';
import { OnelinkCarrier } from './onelink-carrier.js';
import type { PlatformClock, PlatformLog } from './platform-http.js';
import { SimulatedCarrier } from './simulated-carrier.js';

/** A setting the chosen platform cannot run without (production refuses to start without it first). */
function required(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw new Error(`CARRIER_GATEWAY needs ${name} (docs/configuration.md)`);
  return value;
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
    case 'onelink': {
      const s = deps.settings?.onelink;
      return new OnelinkCarrier(
        deps.db,
        {
          baseUrl: required(s?.baseUrl, 'ONELINK_BASE_URL'),
          appId: required(s?.appId, 'ONELINK_APP_ID'),
          password: required(s?.password, 'ONELINK_PASSWORD'),
        },
        deps.log,
        deps.timeoutMs,
        deps.clock,
      );
    }
    case 'jasper': {
      const s = deps.settings?.jasper;
      return new JasperCarrier(
        deps.db,
        {
          baseUrl: required(s?.baseUrl, 'JASPER_BASE_URL'),
          username: required(s?.username, 'JASPER_USERNAME'),
          apiKey: required(s?.apiKey, 'JASPER_API_KEY'),
        },
        deps.log,
        deps.timeoutMs,
        deps.clock,
      );
    }
    default: {
      const unknown: never = kind;
      throw new Error(`unknown carrier gateway: ${String(unknown)}`);
    }
  }
}
