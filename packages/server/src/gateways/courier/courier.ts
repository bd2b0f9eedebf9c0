/**
 * Courier tracking (an external system). The built-in simulator makes a trace that advances with the
 * time since shipping: picked up, in transit through a hub, out for delivery, signed after two days.
 */
import type { Logistics } from '@haoka/contract';
import { formatDateTime } from '../../lib/time.js';

export interface Shipment {
  company: string;
  trackingNo: string;
  shippedAt: number;
  cityName: string;
}

export interface CourierGateway {
  track(shipment: Shipment, now?: number): Promise<Logistics>;
}

const HOUR = 3600_000;

export class SimulatedCourier implements CourierGateway {
  async track(s: Shipment, now = Date.now()): Promise<Logistics> {
    const steps: [number, string, number][] = [
      [0, `【${s.company}】已揽收，快件正在等待发往转运中心`, 1],
      [2 * HOUR, '快件已到达【华南转运中心】', 1],
      [6 * HOUR, '快件已从【华南转运中心】发出，正在发往目的地', 1],
      [20 * HOUR, `快件已到达【${s.cityName || '目的地'}营业部】`, 1],
      [26 * HOUR, `快件正在派送中，派件员电话 95338`, 2],
      [48 * HOUR, '快件已签收，签收人：本人。感谢使用，期待再次为您服务', 3],
    ];
    const reached = steps.filter(([after]) => now >= s.shippedAt + after);
    const traces = reached.map(([after, desc]) => ({ time: formatDateTime(s.shippedAt + after), desc })).reverse();
    return {
      company: s.company,
      trackingNo: s.trackingNo,
      state: reached.length > 0 ? (reached[reached.length - 1]?.[2] ?? 0) : 0,
      traces,
    };
  }
}
