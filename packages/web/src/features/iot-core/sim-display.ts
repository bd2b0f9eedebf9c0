/**
 * How the IoT home reads a SimInfo (SCREENS §3 卡片首页): flow in GB from 1024 MB, the remaining time
 * with the lifetime rule (spec §9), the blocking prompts in their order and the once-a-day popup.
 */
import { needsOperatorRealname, needsPlatformRealname, percentOf, type SimInfo } from '@haoka/contract';
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

export type PromptKey = 'violation' | 'bindPhone' | 'realname' | 'platformAuth' | 'couponChoose' | 'buyPackage';

/** Where 去处理 leads; the violation's prompt has the card state's own action instead (解除限制 / 联系客服). */
export const PROMPT_PATHS: Record<Exclude<PromptKey, 'violation'>, string> = {
  bindPhone: '/pages/iot/index/bindPhone/index',
  realname: '/pages/iot/index/realnameAuth/index',
  platformAuth: '/pages/iot/index/realnameAuth/platform/index',
  couponChoose: '/pages/iot/index/couponChoose/index',
  buyPackage: '/pages/iot/index/package/index',
};

/**
 * The blocking prompts the card needs, in the order they are asked (SCREENS §3; one at a time, the first
 * shows): a violation, bindPhone, the operator's real-name, the platform's, couponChoose, a package. A
 * real-name already done, or under review, is not asked for.
 */
export function blockingPrompts(
  sim: Pick<
    SimInfo,
    | 'breakRuleId'
    | 'bindPhoneMode'
    | 'mobile'
    | 'needAuth'
    | 'authStatus'
    | 'needPlatformAuth'
    | 'authPlatformStatus'
    | 'needBuyCoupon'
    | 'needBuyPackage'
  >,
): PromptKey[] {
  const out: PromptKey[] = [];
  if (sim.breakRuleId > 0) out.push('violation');
  if (sim.bindPhoneMode === 2 && !sim.mobile) out.push('bindPhone');
  if (needsOperatorRealname(sim) && sim.authStatus !== 2) out.push('realname');
  if (needsPlatformRealname(sim) && sim.authPlatformStatus !== 2) out.push('platformAuth');
  if (sim.needBuyCoupon === 1) out.push('couponChoose');
  if (sim.needBuyPackage === 1) out.push('buyPackage');
  return out;
}

/** Local calendar day `YYYY-MM-DD` (iotIndexPopupPrevent values). */
export function localDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A shop's real-name reminder: a layout popup for the `unverified` audience. It is never shown to a card
 * already real-named; a card that must still do its real-name sees it as its 实名 prompt.
 */
export function isRealnameReminder(popup: SimInfo['simLayout']['popup']): boolean {
  return popup.audience === 'unverified' && popup.switch === 1 && (popup.title !== '' || popup.content !== '');
}

/**
 * The layout popup shows when switched on and not prevented for this card today; a real-name reminder
 * only to a card that is not real-named.
 */
export function shouldShowPopup(
  popup: SimInfo['simLayout']['popup'],
  prevent: Record<string, string>,
  simNo: string,
  today = localDay(),
  sim?: Pick<SimInfo, 'authStatus'>,
): boolean {
  if (popup.audience === 'unverified' && sim?.authStatus !== 0 && sim?.authStatus !== 3) return false;
  return popup.switch === 1 && (popup.title !== '' || popup.content !== '') && prevent[simNo] !== today;
}

/** Lamp texts when the answer carries them; the contract has none yet, so the marquee stays hidden. */
export function packageLamps(sim: SimInfo): string[] {
  if (sim.simLayout.packageLamp !== 1) return [];
  const lamps = (sim as SimInfo & { lamps?: unknown }).lamps;
  return Array.isArray(lamps) ? lamps.filter((l): l is string => typeof l === 'string' && l !== '') : [];
}
