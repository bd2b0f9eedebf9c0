import { describe, expect, it } from 'vitest';
import { CENSOR, maskLogLine, maskPersonalData, redactingDestination } from './redact.js';

describe('maskPersonalData', () => {
  it.each([
    ['13912345678', '139****5678'],
    ['tel 19800000000.', 'tel 198****0000.'],
    ['+8613912345678', '+86139****5678'],
    ['8613912345678', '86139****5678'],
    ['110101199003077758', '110101********7758'],
    ['id=44030519851212123x&x=1', 'id=440305********123x&x=1'],
    ['/api?password=s3cret&next=1', '/api?password=[Redacted]&next=1'],
    ['/api?a=1&payPass=123456', '/api?a=1&payPass=[Redacted]'],
    ['{"oldPassword":"a\\"b","x":1}', '{"oldPassword":"[Redacted]","x":1}'],
  ])('%j → %j', (plain, masked) => {
    expect(maskPersonalData(plain)).toBe(masked);
  });

  it.each([
    ['an order number', 'SO20261123193012123456'],
    ['an epoch in ms', '1795462306282'],
    ['a 20-digit ICCID', '89860123456789012345'],
    ['a 13-digit card number', '1440312345603'],
    ['a mobile-like run inside a longer number', '213912345678'],
    ['a landline', '010-12345678'],
  ])('leaves %s alone', (_what, text) => {
    expect(maskPersonalData(text)).toBe(text);
  });
});

describe('maskLogLine', () => {
  it('keeps a JSON line valid JSON, numbers that are mobiles become masked strings', () => {
    const line = `${JSON.stringify({ level: 30, time: 1795462306282, mobile: 13912345678, list: [15800001234, 'x'], msg: 'hi 13912345678' })}\n`;
    const masked = maskLogLine(line);
    expect(masked.endsWith('\n')).toBe(true);
    expect(JSON.parse(masked)).toEqual({
      level: 30,
      time: 1795462306282,
      mobile: '139****5678',
      list: ['158****1234', 'x'],
      msg: 'hi 139****5678',
    });
  });

  it('censors password-like fields at any depth, whatever the value type', () => {
    const line = JSON.stringify({ a: { b: [{ password: 'p', payPassword: 123456, secret: true, pwd: null }] } });
    expect(JSON.parse(maskLogLine(line))).toEqual({
      a: { b: [{ password: CENSOR, payPassword: CENSOR, secret: CENSOR, pwd: null }] },
    });
  });

  it('masks a line that is not JSON as text', () => {
    expect(maskLogLine('{not json 13912345678\n')).toBe('{not json 139****5678\n');
    expect(maskLogLine('plain 13912345678')).toBe('plain 139****5678');
  });

  it('the destination writes masked lines', () => {
    const written: string[] = [];
    redactingDestination({ write: (l: string) => written.push(l) }).write('{"m":"13912345678"}\n');
    expect(written).toEqual(['{"m":"139****5678"}\n']);
  });
});
