/**
 * Analytics and conversion beacons (API.md §2 pointReport). A beacon never fails visibly: storage
 * trouble is logged and the caller still gets code 0. Conversion events are recorded once per
 * (event, orderSn), and only a newly recorded one with a bd_vid goes on to the ad platform.
 */

import type { DbOrTx } from '../../db/database.js';
import type { ConversionEvent, ConversionGateway } from '../../gateways/conversion/conversion-gateway.js';
import * as repo from './repository.js';

export type PointEvent = 'page_view' | 'click' | 'submit_order' | 'pay_success';

export interface PointReport {
  event: PointEvent;
  page: string;
  pageCode?: string | undefined;
  promoCode?: string | undefined;
  bd_vid?: string | undefined;
  orderSn?: string | undefined;
  extra?: Record<string, unknown> | undefined;
}

/** What the request itself tells about the beacon (connection and headers). */
export interface BeaconSource {
  ip: string;
  /** '' when the header was absent or malformed. */
  orderSessionId: string;
  pageUrl: string;
}

export interface BeaconLogger {
  warn(obj: object, msg?: string): void;
}

/** Larger `extra` objects are not kept: a beacon is not a place for payloads. */
export const EXTRA_MAX_CHARS = 4000;

function isConversion(event: PointEvent): event is ConversionEvent['event'] {
  return event === 'submit_order' || event === 'pay_success';
}

function extraJson(extra: Record<string, unknown> | undefined): string | null {
  if (!extra) return null;
  const text = JSON.stringify(extra);
  return text.length <= EXTRA_MAX_CHARS ? text : null;
}

export async function reportPoint(
  db: DbOrTx,
  conversion: ConversionGateway,
  report: PointReport,
  source: BeaconSource,
  log: BeaconLogger,
): Promise<null> {
  const now = Date.now();
  const orderSn = report.orderSn || null;
  const bdVid = report.bd_vid || null;
  const dedupeKey = isConversion(report.event) && orderSn ? `${report.event}|${orderSn}` : null;
  let id: number | undefined;
  try {
    id = await repo.insertPointReport(db, {
      event: report.event,
      page: report.page,
      page_code: report.pageCode || null,
      promo_code: report.promoCode || null,
      bd_vid: bdVid,
      order_sn: orderSn,
      extra_json: extraJson(report.extra),
      ip: source.ip || null,
      order_session_id: source.orderSessionId || null,
      dedupe_key: dedupeKey,
      forwarded_at: null,
      created_at: now,
    });
  } catch (err) {
    log.warn({ err, event: report.event }, 'point report not stored');
    return null;
  }
  if (id !== undefined && dedupeKey && bdVid && orderSn && isConversion(report.event)) {
    const event: ConversionEvent = {
      event: report.event,
      bdVid,
      orderSn,
      page: report.page,
      pageUrl: source.pageUrl,
      promoCode: report.promoCode || null,
      occurredAt: now,
    };
    // Sent after the answer is under way: the ad platform's latency or outage never reaches the shopper.
    void forwardConversion(db, conversion, id, event, log);
  }
  return null;
}

async function forwardConversion(
  db: DbOrTx,
  conversion: ConversionGateway,
  id: number,
  event: ConversionEvent,
  log: BeaconLogger,
): Promise<void> {
  try {
    await conversion.report(event);
    await repo.markForwarded(db, id, Date.now());
  } catch (err) {
    log.warn({ err, pointReportId: id }, 'conversion not forwarded');
  }
}
