import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readClientHeaders } from './context.js';
import { activeShopperMobile, newSessionId, type SessionRow, SHOPPER_TTL_MS } from './sessions.js';

function req(headers: Record<string, string | string[]>, hostname = 'localhost:8080') {
  return { headers, hostname } as unknown as FastifyRequest;
}

describe('readClientHeaders', () => {
  it('reads the SPEC §7 headers', () => {
    const sessionId = 'ab'.repeat(32);
    expect(
      readClientHeaders(
        req({
          platform: 'h5',
          hostname: 'Shop.Example.com',
          'session-id': sessionId.toUpperCase(),
          'order-session-id': 'c'.repeat(32),
          'platform-open-id': 'openid-1',
          'sim-no': '8986001234',
          'page-url': 'https://shop.example.com/shop/#/',
        }),
      ),
    ).toEqual({
      platform: 'h5',
      hostname: 'shop.example.com',
      sessionId,
      orderSessionId: 'c'.repeat(32),
      platformOpenId: 'openid-1',
      simNo: '8986001234',
      pageUrl: 'https://shop.example.com/shop/#/',
    });
  });

  it('falls back to the Host name without its port when the hostname header is absent', () => {
    expect(readClientHeaders(req({}, 'shop.example.com:8080')).hostname).toBe('shop.example.com');
  });

  it.each([
    ['session-id', 'sessionId', 'short'],
    ['session-id', 'sessionId', 'z'.repeat(40)],
    ['session-id', 'sessionId', 'a'.repeat(65)],
    ['order-session-id', 'orderSessionId', 'a'.repeat(31)],
    ['order-session-id', 'orderSessionId', 'g'.repeat(32)],
    ['sim-no', 'simNo', '123'],
    ['sim-no', 'simNo', '8986 0012'],
    ['hostname', 'hostname', 'bad host'],
  ] as const)('drops a malformed %s (%s)', (header, key, value) => {
    expect(readClientHeaders(req({ [header]: value }, ''))[key]).toBe('');
  });

  it('ignores a repeated header', () => {
    expect(readClientHeaders(req({ 'sim-no': ['8986001234', '8986005678'] })).simNo).toBe('');
  });

  it('caps the free-text headers', () => {
    const client = readClientHeaders(req({ platform: 'p'.repeat(100), 'page-url': 'u'.repeat(5000) }));
    expect(client.platform).toHaveLength(32);
    expect(client.pageUrl).toHaveLength(1024);
  });
});

describe('shopper sessions', () => {
  const now = 1_700_000_000_000;
  const row = (over: Partial<SessionRow>): SessionRow => ({
    id: 'x',
    mobile: '13800000001',
    open_id: null,
    order_session_id: null,
    created_at: now,
    last_seen_at: now,
    shopper_expires_at: now + SHOPPER_TTL_MS,
    ...over,
  });

  it('a live session with a mobile is a shopper', () => {
    expect(activeShopperMobile(row({}), now)).toBe('13800000001');
    expect(activeShopperMobile(row({ shopper_expires_at: now + 1 }), now)).toBe('13800000001');
  });

  it.each([
    ['no session', undefined],
    ['no mobile', row({ mobile: null })],
    ['no expiry', row({ shopper_expires_at: null })],
    ['expired exactly now', row({ shopper_expires_at: now })],
    ['expired', row({ shopper_expires_at: now - 1 })],
  ])('%s is not a shopper', (_label, session) => {
    expect(activeShopperMobile(session, now)).toBeNull();
  });

  it('the shopper login lasts 7 days', () => {
    expect(SHOPPER_TTL_MS).toBe(7 * 24 * 3600 * 1000);
  });

  it('session ids are 64 lowercase hex characters and unique', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newSessionId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{64}$/);
  });
});
