/**
 * The card of a card request, shared by every IoT module: loading it (34061 when it is gone, simDisabled
 * when switched off) and the layout's module switch (40001). A leaf of the module graph: it imports this
 * module's repository and layout only, so any module may depend on it without a cycle.
 */

import { ErrorCode } from '@haoka/contract';
import type { AppContext } from '../../context/app-context.js';
import type { DbOrTx } from '../../db/database.js';
import { AppError, fail } from '../../http/app-error.js';
import { mergeSimLayout } from './layout.js';
import type { SimRow } from './repository.js';
import * as repo from './repository.js';

export type { SimRow };

/** What a card's sync and the card services need of the app context. */
export type IotDeps = Pick<AppContext, 'db' | 'limiter' | 'carrier' | 'cardSynced'>;

/** Syncs a card with its operator now (modules/iot-sync); false when the operator cannot be reached. */
export type SyncCard = (deps: IotDeps, sim: SimRow, now?: number) => Promise<boolean>;

/** The card of an IoT request; the session check (34061) already passed. */
export async function loadSim(db: DbOrTx, simNo: string): Promise<SimRow> {
  const sim = await repo.findSimByNo(db, simNo);
  if (!sim) throw new AppError(ErrorCode.SIM_LOGIN_TIMEOUT);
  if (sim.status === 0) throw fail('simDisabled');
  return sim;
}

/**
 * API.md §4: a module switched off in the card's layout answers 40001. A module is off when the
 * layout lists its menu (home menus or the mine page's elements) with `switch` 0; a module the layout
 * does not list stays reachable by its own address.
 */
export async function requireModule(db: DbOrTx, sim: SimRow, key: string): Promise<void> {
  const layout = mergeSimLayout(await repo.findLayoutJson(db, sim.layout_code));
  const entries = [...layout.menus, ...layout.user.elements].filter((m) => m.key === key);
  if (entries.length > 0 && entries.every((m) => m.switch === 0)) throw new AppError(ErrorCode.MODULE_CLOSED);
}
