import { describe, expect, it } from 'vitest';
import {
  DEVICE_OPERATOR,
  DISPLAY_OPERATOR_TYPES,
  displayOperatorType,
  OPERATOR_NAMES,
  OPERATOR_SEGMENTS,
  OPERATOR_TYPES,
  operatorImage,
  operatorOfNumber,
  rechargeNumberOf,
  SourceType,
} from './operators.js';

describe('displayOperatorType (SPEC §4: device → 99)', () => {
  it.each([1, 2, 3, 4])('a device with operator %i shows 99', (operatorType) => {
    expect(displayOperatorType({ operatorType, sourceType: SourceType.DEVICE })).toBe(99);
    expect(DEVICE_OPERATOR).toBe(99);
  });

  it.each([1, 2, 3, 4])('a card with operator %i shows its own operator', (operatorType) => {
    expect(displayOperatorType({ operatorType, sourceType: SourceType.CARD })).toBe(operatorType);
  });

  it.each([0, 3, -1])('an unknown sourceType %i is not a device', (sourceType) => {
    expect(displayOperatorType({ operatorType: 2, sourceType })).toBe(2);
  });
});

describe('rechargeNumberOf (SPEC §4: a device recharges by its device number)', () => {
  it('a device uses deviceNo', () => {
    expect(rechargeNumberOf({ sourceType: 2, simNo: '8986001', deviceNo: 'DEV123456' })).toBe('DEV123456');
  });

  it('a card uses simNo even when a deviceNo is present', () => {
    expect(rechargeNumberOf({ sourceType: 1, simNo: '8986001', deviceNo: 'DEV123456' })).toBe('8986001');
  });

  it.each([null, undefined, ''])('a device without a device number (%j) falls back to simNo', (deviceNo) => {
    expect(rechargeNumberOf({ sourceType: 2, simNo: '8986001', deviceNo })).toBe('8986001');
  });
});

describe('operatorOfNumber', () => {
  it.each([
    ['13800000000', 1],
    ['13912345678', 1],
    ['19812345678', 1],
    ['13012345678', 2],
    ['18612345678', 2],
    ['16612345678', 2],
    ['13312345678', 3],
    ['18912345678', 3],
    ['19912345678', 3],
    ['19212345678', 4],
  ])('%s → %i', (number, op) => {
    expect(operatorOfNumber(number)).toBe(op);
  });

  it('maps every listed segment to its operator', () => {
    for (const op of OPERATOR_TYPES) {
      for (const segment of OPERATOR_SEGMENTS[op]) expect(operatorOfNumber(`${segment}12345678`)).toBe(op);
    }
  });

  it('no segment belongs to two operators', () => {
    const all = OPERATOR_TYPES.flatMap((op) => OPERATOR_SEGMENTS[op]);
    expect(new Set(all).size).toBe(all.length);
  });

  it.each(['10012345678', '12012345678', '14012345678', '17012345678', '11112345678', '', '13'])(
    'an unknown segment %j gives null',
    (number) => {
      expect(operatorOfNumber(number)).toBeNull();
    },
  );
});

describe('operator names and images', () => {
  it('has a name for 1–4 and 99', () => {
    expect(DISPLAY_OPERATOR_TYPES).toEqual([1, 2, 3, 4, 99]);
    expect(OPERATOR_NAMES).toMatchObject({ 1: '中国移动', 2: '中国联通', 3: '中国电信', 4: '中国广电' });
    for (const t of DISPLAY_OPERATOR_TYPES) expect(OPERATOR_NAMES[t]).toBeTruthy();
  });

  it('builds the image path under the base path', () => {
    expect(operatorImage(99)).toBe('/shop/static/operator/99.png');
    expect(operatorImage(1, '/x/')).toBe('/x/static/operator/1.png');
  });
});
