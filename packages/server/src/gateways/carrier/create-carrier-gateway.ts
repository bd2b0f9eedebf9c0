/** Picks the carrier gateway that CARRIER_GATEWAY names (config.ts); each new adapter adds its case here. */
import type { DbOrTx } from '../../db/database.js';
import type { CarrierGateway, CarrierGatewayKind } from './carrier-gateway.js';
import { SimulatedCarrier } from './simulated-carrier.js';

export function createCarrierGateway(kind: CarrierGatewayKind, deps: { db: DbOrTx }): CarrierGateway {
  switch (kind) {
    case 'simulator':
      return new SimulatedCarrier(deps.db);
    default: {
      const unknown: never = kind;
      throw new Error(`unknown carrier gateway: ${String(unknown)}`);
    }
  }
}
