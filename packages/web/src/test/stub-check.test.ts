import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from './render-route';
import { stubBreach, takeStubBreaches } from './stub-check';

const line = { id: 1, type: 1, points: 5, integralAfter: 5, orderSn: '', remark: '', createdAt: '2026-01-01 09:00:00' };
const page = (list: (typeof line)[]) => ({ list, total: list.length, page: 1, pageSize: 10, integral: 5 });

describe('stubs checked against the contract', () => {
  afterEach(() => {
    takeStubBreaches();
  });

  it('a stub that fits the data schema passes; one that breaks it names the endpoint and the bad field', () => {
    expect(stubBreach('GET', '/api/iot/simIntegralLogList', page([line]))).toBeNull();
    expect(stubBreach('GET', '/api/iot/simIntegralLogList', page([line, { ...line, type: 8 }]))).toMatch(
      /^GET \/api\/iot\/simIntegralLogList: list\.1\.type: /,
    );
    expect(stubBreach('GET', '/api/iot/simIntegralLogList', { list: [] })).toMatch(/total: .*integral: /);
  });

  it('a path outside the contract is not checked', () => {
    expect(stubBreach('POST', '/api/upload', { anything: true })).toBeNull();
  });

  it('mockApi answers a breaking stub with HTTP 500 and records it, so the setup fails the test', async () => {
    mockApi({ '/api/iot/simIntegralLogList': () => page([{ ...line, createdAt: 'yesterday' }]) });
    const res = await fetch('/api/iot/simIntegralLogList?page=1', { method: 'GET' });
    expect(res.status).toBe(500);
    expect(takeStubBreaches()).toEqual([
      expect.stringMatching(/^GET \/api\/iot\/simIntegralLogList: list\.0\.createdAt: /),
    ]);
  });
});
