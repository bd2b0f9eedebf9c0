/**
 * Real-name rules of the IoT pages (SCREENS §3 realnameAuth/*, §6 real-name state machine): statuses,
 * which steps the hub shows, the platform form per platformAuthType and its checks, and the paths.
 */
import {
  ageOn,
  isIdCard,
  PERSON_NAME_RE,
  type SimInfo,
  SourceType,
  shanghaiToday,
  type ViceSim,
} from '@haoka/contract';

/** `authStatus` / `authPlatformStatus` [auth_status]: 0 未实名 → 2 审核中 → 1 已实名 | 3 认证失败. */
export const AuthStatus = { NONE: 0, DONE: 1, REVIEWING: 2, FAILED: 3 } as const;
export type AuthStatusValue = 0 | 1 | 2 | 3;

export function asAuthStatus(value: number): AuthStatusValue {
  return value === 1 || value === 2 || value === 3 ? value : 0;
}

export const REALNAME_PATH = '/pages/iot/index/realnameAuth/index';
export const OFFICIAL_PATH = '/pages/iot/index/realnameAuth/official/index';
export const PLATFORM_PATH = '/pages/iot/index/realnameAuth/platform/index';
export const SWITCH_OFFICIAL_PATH = '/pages/iot/index/realnameAuth/switchOfficial/index';
export const SUB_OFFICIAL_PATH = '/pages/iot/index/realnameAuth/switchOfficial/subOfficial/index';
export const LT_AUTH_PATH = '/pages-sub/ltAuth/index';

/** A device carrying vice SIMs does the operator real-name once per network (多网实名). */
export function isMultiNetDevice(sim: Pick<SimInfo, 'sourceType' | 'viceSims'>): boolean {
  return sim.sourceType === SourceType.DEVICE && sim.viceSims.length > 0;
}

/** The hub shows the platform step when the card needs it or has already started it. */
export function showsPlatformStep(sim: Pick<SimInfo, 'needPlatformAuth' | 'authPlatformStatus'>): boolean {
  return sim.needPlatformAuth === 1 || sim.authPlatformStatus > 0;
}

/** How many of a device's networks are real-named. */
export function viceAuthSummary(viceSims: readonly Pick<ViceSim, 'authStatus'>[]): { done: number; total: number } {
  return { done: viceSims.filter((v) => v.authStatus === AuthStatus.DONE).length, total: viceSims.length };
}

/** The status a device's networks add up to: 已实名 when all are, 审核中 when one is, else the worst. */
export function viceAuthStatus(viceSims: readonly Pick<ViceSim, 'authStatus'>[]): AuthStatusValue {
  if (viceSims.length === 0) return AuthStatus.NONE;
  if (viceSims.every((v) => v.authStatus === AuthStatus.DONE)) return AuthStatus.DONE;
  if (viceSims.some((v) => v.authStatus === AuthStatus.FAILED)) return AuthStatus.FAILED;
  if (viceSims.some((v) => v.authStatus === AuthStatus.REVIEWING)) return AuthStatus.REVIEWING;
  return AuthStatus.NONE;
}

/** An ICCID (or any long card number) with its middle hidden: 898600******1234. */
export function maskIccid(iccid: string): string {
  if (iccid.length <= 10) return iccid;
  return `${iccid.slice(0, 6)}${'*'.repeat(iccid.length - 10)}${iccid.slice(-4)}`;
}

/** The photos each platformAuthType asks for: 1 none, 2 the ID card's two sides, 3 those and a face photo. */
export type PhotoField = 'frontImage' | 'backImage' | 'faceImage';

export function requiredPhotos(platformAuthType: number): PhotoField[] {
  if (platformAuthType >= 3) return ['frontImage', 'backImage', 'faceImage'];
  if (platformAuthType === 2) return ['frontImage', 'backImage'];
  return [];
}

/** The minimum age for a real-name (API.md §4 simPlatformAuth: 未满16周岁). */
export const MIN_AUTH_AGE = 16;

/** Today's calendar date in Asia/Shanghai as [y, m, d] (one definition, in the contract). */
export { shanghaiToday };

export interface PlatformFormValues {
  name: string;
  idCard: string;
  photos: Partial<Record<PhotoField, string>>;
}

export type PlatformFormProblem =
  | 'nameRequired'
  | 'nameInvalid'
  | 'idCardRequired'
  | 'idCardInvalid'
  | 'tooYoung'
  | `photo.${PhotoField}`;

/** The first problem of the form, or null when it may be submitted. */
export function checkPlatformForm(
  values: PlatformFormValues,
  platformAuthType: number,
  today: [number, number, number] = shanghaiToday(),
): PlatformFormProblem | null {
  const name = values.name.trim();
  if (!name) return 'nameRequired';
  if (!PERSON_NAME_RE.test(name)) return 'nameInvalid';
  const idCard = values.idCard.trim().toUpperCase();
  if (!idCard) return 'idCardRequired';
  if (!isIdCard(idCard, today)) return 'idCardInvalid';
  const age = ageOn(idCard, today);
  if (age === null || age < MIN_AUTH_AGE) return 'tooYoung';
  for (const field of requiredPhotos(platformAuthType)) {
    if (!values.photos[field]) return `photo.${field}`;
  }
  return null;
}
