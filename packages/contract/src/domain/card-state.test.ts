import { describe, expect, it } from 'vitest';
import {
  type CardConditionFields,
  cardCondition,
  needsOperatorRealname,
  needsPlatformRealname,
  resumableAfterArrears,
} from './card-state.js';

const NOW = Date.parse('2026-05-10T12:00:00+08:00');

const running: CardConditionFields = {
  simStatus: 2,
  stopReason: '',
  cancelStatus: 0,
  breakRuleId: 0,
  arrearsBalance: '0.00',
  endAt: '2026-12-31 23:59:59',
  isInfiniteFlow: 0,
  totalFlow: 30720,
  useFlow: 1024,
  volumePackageId: 0,
  sourceType: 1,
  onlineStatus: 1,
  needAuth: 0,
  authStatus: 1,
};
const of = (patch: Partial<CardConditionFields>) => cardCondition({ ...running, ...patch }, NOW);
const stopped = (stopReason: string, patch: Partial<CardConditionFields> = {}) =>
  of({ simStatus: 3, stopReason, ...patch });

describe('card condition', () => {
  it('a running card with flow says nothing', () => {
    expect(of({})).toBeNull();
    expect(of({ isInfiniteFlow: 1, useFlow: 99_999 })).toBeNull();
  });

  it('names each stop by its reason', () => {
    expect(stopped('arrears', { arrearsBalance: '23.50' })).toBe('arrears');
    expect(stopped('arrears')).toBe('resuming');
    expect(stopped('violation')).toBe('violation');
    expect(stopped('realname', { authStatus: 0 })).toBe('realname');
    expect(stopped('realname', { authStatus: 2 })).toBe('realnameReview');
    expect(stopped('packageExpired')).toBe('packageExpired');
    expect(stopped('operator')).toBe('operator');
    expect(stopped('requested')).toBe('requested');
    expect(stopped('')).toBe('stopped');
    // No reason given, but the card's end date is past: the package ran out.
    expect(stopped('', { endAt: '2026-05-01 00:00:00' })).toBe('packageExpired');
  });

  it('limited cards: real-name to do, the pool used up, a device offline, arrears before the stop', () => {
    expect(of({ simStatus: 1, needAuth: 1, authStatus: 0 })).toBe('realname');
    expect(of({ simStatus: 1, needAuth: 1, authStatus: 2 })).toBe('realnameReview');
    expect(of({ simStatus: 1 })).toBe('inactive');
    expect(of({ useFlow: 30720 })).toBe('poolExhausted');
    expect(of({ useFlow: 30720, volumePackageId: 3 })).toBeNull();
    expect(of({ totalFlow: 0, useFlow: 0 })).toBeNull();
    expect(of({ sourceType: 2, onlineStatus: 0 })).toBe('deviceOffline');
    expect(of({ onlineStatus: 0 })).toBeNull();
    expect(of({ arrearsBalance: '5.50' })).toBe('arrears');
  });

  it('follows the blocking prompts’ order: a violation first, real-name before packages', () => {
    expect(stopped('arrears', { arrearsBalance: '3.00', breakRuleId: 7 })).toBe('violation');
    expect(of({ breakRuleId: 7 })).toBe('violation');
    expect(stopped('packageExpired', { needAuth: 1, authStatus: 0 })).toBe('realname');
    expect(of({ needAuth: 1, authStatus: 0, useFlow: 30720 })).toBe('realname');
    expect(of({ simStatus: 4 })).toBe('closed');
    expect(of({ cancelStatus: 2, breakRuleId: 7 })).toBe('closed');
  });

  it('never asks a real-named card for real-name', () => {
    expect(of({ needAuth: 1, authStatus: 1 })).toBeNull();
    expect(stopped('realname', { authStatus: 1 })).toBe('stopped');
    expect(needsOperatorRealname({ needAuth: 1, authStatus: 1 })).toBe(false);
    expect(needsOperatorRealname({ needAuth: 1, authStatus: 3 })).toBe(true);
    expect(needsOperatorRealname({ needAuth: 0, authStatus: 0 })).toBe(false);
    expect(needsPlatformRealname({ needPlatformAuth: 1, authPlatformStatus: 1 })).toBe(false);
    expect(needsPlatformRealname({ needPlatformAuth: 1, authPlatformStatus: 0 })).toBe(true);
  });

  it('arrears paid off lift an arrears stop or one without a reason, nothing else', () => {
    expect(resumableAfterArrears('arrears')).toBe(true);
    expect(resumableAfterArrears('')).toBe(true);
    for (const reason of ['violation', 'realname', 'packageExpired', 'operator', 'requested']) {
      expect(resumableAfterArrears(reason)).toBe(false);
    }
  });
});
