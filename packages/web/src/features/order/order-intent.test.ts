import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOrderIntent, newUuid } from './order-intent';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function counter() {
  let n = 0;
  return () => `uuid-${++n}`;
}

const body = { orderType: 2, goodsId: 7, contactName: '张三', contactMobile: '13800138000', smsCode: '123456' };

describe('order intent (one uuid per intent)', () => {
  it('a retry of the same form reuses the uuid, whatever the key order', () => {
    const intent = createOrderIntent(counter());
    const first = intent.uuidFor(body);
    expect(intent.uuidFor({ ...body })).toBe(first);
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect(intent.uuidFor(reordered)).toBe(first);
    // undefined fields are not sent, so they change nothing
    expect(intent.uuidFor({ ...body, promoCode: undefined })).toBe(first);
  });

  it('a changed form is a new intent with a new uuid; going back is new again', () => {
    const intent = createOrderIntent(counter());
    expect(intent.uuidFor(body)).toBe('uuid-1');
    expect(intent.uuidFor({ ...body, smsCode: '654321' })).toBe('uuid-2');
    expect(intent.uuidFor({ ...body, smsCode: '654321' })).toBe('uuid-2');
    expect(intent.uuidFor(body)).toBe('uuid-3');
  });

  it('each form has its own intents', () => {
    const make = counter();
    const a = createOrderIntent(make);
    const b = createOrderIntent(make);
    expect(a.uuidFor(body)).not.toBe(b.uuidFor(body));
  });
});

describe('newUuid', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is a v4 UUID from crypto.randomUUID', () => {
    const spy = vi.spyOn(crypto, 'randomUUID');
    const id = newUuid();
    expect(id).toMatch(V4);
    expect(spy).toHaveBeenCalled();
  });

  it('is a v4 UUID without crypto.randomUUID (a page that is not a secure context)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 50 }, () => newUuid()));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(V4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
