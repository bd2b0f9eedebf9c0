/**
 * How the IoT home reads a SimInfo (SCREENS §3 卡片首页): flow in GB from 1024 MB, the remaining time
 * with the lifetime rule (spec §9), the blocking prompts in their order and the once-a-day popup.
 */
import { percentOf, type SimInfo } from '@haoka/contract';
import { type Duration, durationOf } from '../../components/duration';

/** SCREENS §0: flow is MB; shown as GB with 2 decimals from 1024 MB. */
export function formatFlow(mb: number): string {
  if (!Number.isFinite(mb) || mb <= 0) return '0MB';
  if (mb >= 1024) return `${(mb / 1024).toFixed(2)}GB`;
  return `${Number(mb.toFixed(2))}MB`;
}

/** The ring: used/total clamped to 0–100; an unlimited card shows used only (a full ring). */
export function flowRing(sim: Pick<SimInfo, 'useFlow' | 'totalFlow' | 'isInfiniteFlow'>): {
  percent: number;
  unlimited: boolean;
} {
  if (sim.isInfiniteFlow === 1) return { percent: 100, unlimited: true };
  return { percent: Math.round(percentOf(sim.useFlow, sim.totalFlow) * 100) / 100, unlimited: false };
}

/** The card's remaining time (spec §9 units and lifetime rule). */
export function surplusLabel(sim: Pick<SimInfo, 'surplusTime' | 'surplusUnit'>): Duration {
  return durationOf(sim.surplusTime, sim.surplusUnit);
}

export function isArrears(arrearsBalance: string): boolean {
  return Number(arrearsBalance) > 0;
}

export type PromptKey = 'bindPhone' | 'realname' | 'platformAuth' | 'couponChoose' | 'buyPackage';

export const PROMPT_PATHS: Record<PromptKey, string> = {
  bindPhone: '/pages/iot/index/bindPhone/index',
  realname: '/pages/iot/index/realnameAuth/index',
  platformAuth: '/pages/iot/index/realnameAuth/platform/index',
  couponChoose: '/pages/iot/index/couponChoose/index',
  buyPackage: '/pages/iot/index/package/index',
};

/** The blocking prompts the card needs, in the order they are asked (one at a time; the first shows). */
export function blockingPrompts(
  sim: Pick<SimInfo, 'bindPhoneMode' | 'mobile' | 'needAuth' | 'needPlatformAuth' | 'needBuyCoupon' | 'needBuyPackage'>,
): PromptKey[] {
  const out: PromptKey[] = [];
  if (sim.bindPhoneMode === 2 && !sim.mobile) out.push('bindPhone');
  if (sim.needAuth === 1) out.push('realname');
  if (sim.needPlatformAuth === 1) out.push('platformAuth');
  if (sim.needBuyCoupon === 1) out.push('couponChoose');
  if (sim.needBuyPackage === 1) out.push('buyPackage');
  return out;
}

/** Local calendar day `YYYY-MM-DD` (iotIndexPopupPrevent values). */
export function localDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The layout popup shows when switched on and not prevented for this card today. */
export function shouldShowPopup(
  popup: SimInfo['simLayout']['popup'],
  prevent: Record<string, string>,
  simNo: string,
  today = localDay(),
): boolean {
  return popup.switch === 1 && (popup.title !== '' || popup.content !== '') && prevent[simNo] !== today;
}

/** Lamp texts when the answer carries them; the contract has none yet, so the marquee stays hidden. */
export function packageLamps(sim: SimInfo): string[] {
  if (sim.simLayout.packageLamp !== 1) return [];
  const lamps = (sim as SimInfo & { lamps?: unknown }).lamps;
  return Array.isArray(lamps) ? lamps.filter((l): l is string => typeof l === 'string' && l !== '') : [];
}
