/**
 * The card's delivery addresses (API.md §4 simAddressList, setSimAddress, delSimAddress,
 * setDefaultSimAddress). At most 20 per card, and exactly one default while any exist: the first one
 * becomes it, choosing another moves it in the same transaction, and deleting it passes it to the
 * newest one left. Region names come from the codes (GB/T 2260), never from the client. Every change
 * runs under the card's row lock, so concurrent changes of one card cannot break either rule.
 */
import { MAX_SIM_ADDRESSES, type SimAddress } from '@haoka/contract';
import { type Db, type DbOrTx, inTransaction } from '../../db/database.js';
import { fail } from '../../http/app-error.js';
import { cityDisplayName, isCityOf, regionByCode, regionName } from '../../lib/regions.js';
import { lockCard } from '../iot-buy/repository.js';
import type { SimRow } from '../iot-core/card.js';
import * as repo from './repository.js';

export function toSimAddress(row: repo.AddressRow): SimAddress {
  return {
    id: row.id,
    name: row.name,
    mobile: row.mobile,
    provinceCode: row.province_code,
    provinceName: regionName(row.province_code),
    cityCode: row.city_code,
    cityName: cityDisplayName(row.city_code),
    countyCode: row.county_code,
    countyName: regionName(row.county_code),
    detail: row.detail,
    isDefault: row.is_default === 1 ? 1 : 0,
  };
}

export interface AddressInput {
  id?: number | undefined;
  name: string;
  mobile: string;
  provinceCode: string;
  cityCode: string;
  countyCode: string;
  detail: string;
  isDefault: 0 | 1;
}

/** The three codes must name a province, one of its cities and one of that city's counties. */
function checkRegion(input: Pick<AddressInput, 'provinceCode' | 'cityCode' | 'countyCode'>): void {
  const county = regionByCode(input.countyCode);
  if (
    regionByCode(input.provinceCode)?.level !== 1 ||
    !isCityOf(input.cityCode, input.provinceCode) ||
    county?.level !== 3 ||
    county.cityCode !== input.cityCode
  ) {
    throw fail('regionInvalid', { field: 'countyCode' });
  }
}

/** GET /api/iot/simAddressList: the default first, then newest first. */
export async function listAddresses(db: DbOrTx, sim: SimRow): Promise<SimAddress[]> {
  return (await repo.listAddresses(db, sim.id)).map(toSimAddress);
}

/** POST /api/iot/setSimAddress: creates (no id) or updates one of the card's addresses. */
export async function saveAddress(db: Db, sim: SimRow, input: AddressInput) {
  checkRegion(input);
  const now = Date.now();
  const values = {
    name: input.name,
    mobile: input.mobile,
    province_code: input.provinceCode,
    city_code: input.cityCode,
    county_code: input.countyCode,
    detail: input.detail,
    updated_at: now,
  };
  const id = await inTransaction(db, async (tx) => {
    await lockCard(tx, sim.id);
    if (input.id !== undefined) {
      const current = await repo.findAddress(tx, sim.id, input.id);
      if (!current) throw fail('addressNotFound', { field: 'id' });
      await repo.updateAddress(tx, sim.id, current.id, values);
      // The default moves only to another address; unticking it on the default itself keeps it.
      if (input.isDefault === 1 && current.is_default !== 1) await repo.markDefaultAddress(tx, sim.id, current.id, now);
      return current.id;
    }
    const count = await repo.countAddresses(tx, sim.id);
    if (count >= MAX_SIM_ADDRESSES) throw fail('addressLimitReached');
    const created = await repo.insertAddress(tx, { ...values, sim_id: sim.id, is_default: 0, created_at: now });
    if (count === 0 || input.isDefault === 1) await repo.markDefaultAddress(tx, sim.id, created, now);
    return created;
  });
  return toSimAddress((await repo.findAddress(db, sim.id, id)) as repo.AddressRow);
}

/** POST /api/iot/delSimAddress: idempotent; the newest remaining address inherits the default. */
export async function deleteAddress(db: Db, sim: SimRow, id: number): Promise<null> {
  await inTransaction(db, async (tx) => {
    await lockCard(tx, sim.id);
    const current = await repo.findAddress(tx, sim.id, id);
    if (!current || !(await repo.deleteAddress(tx, sim.id, id))) return;
    if (current.is_default !== 1) return;
    const next = await repo.newestAddress(tx, sim.id);
    if (next) await repo.markDefaultAddress(tx, sim.id, next.id, Date.now());
  });
  return null;
}

/** POST /api/iot/setDefaultSimAddress. */
export async function setDefaultAddress(db: Db, sim: SimRow, id: number): Promise<null> {
  await inTransaction(db, async (tx) => {
    await lockCard(tx, sim.id);
    if (!(await repo.findAddress(tx, sim.id, id))) throw fail('addressNotFound', { field: 'id' });
    await repo.markDefaultAddress(tx, sim.id, id, Date.now());
  });
  return null;
}
