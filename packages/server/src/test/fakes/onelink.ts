/**
 * A fake China Mobile OneLink EC API v5 for the carrier adapter's tests: a `node:http` server on a random
 * port serving the documented paths (GET, `{status, message, result}`) from a card table the test holds.
 * It issues tokens for the right appid and password only, answers 12021 for a token the test expired, and
 * its over-limit status when the test asks for it or when more calls than the cap start in one second.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OnelinkFakeCard {
  msisdn: string;
  iccid: string;
  /** 1 待激活, 2 已激活, 4 停机, 6 可测试, 7 库存, 8 预销户. */
  cardStatus: string;
  /** Twelve positions of 0/2 (sim-stop-reason). */
  stopReason: string;
  /** KB used this month (sim-data-usage dataAmount). */
  usageKb: number;
  /** 0 none, 1 done. */
  realNameStatus: string;
  /** 0 off, 1 on (on-off-status). */
  onOff: string;
}

export interface OnelinkCall {
  path: string;
  query: Record<string, string>;
}

export interface OnelinkFake {
  url: string;
  appId: string;
  password: string;
  cards: Map<string, OnelinkFakeCard>;
  /** Every call, in order (token calls included). */
  calls: OnelinkCall[];
  /** Makes every token issued so far expired (12021). */
  expireTokens(): void;
  /** The next n business calls answer the over-limit status. */
  overLimitNext: number;
  /** Business calls allowed to start in one second before the over-limit status. */
  callsPerSecond: number;
  /** How many calls were answered with the over-limit status. */
  overLimited: number;
  /** Every answer waits this long (a platform that does not answer in time). */
  delayMs: number;
  addCard(card: Partial<OnelinkFakeCard> & { msisdn: string }): OnelinkFakeCard;
  close(): Promise<void>;
}

export const FAKE_ONELINK_EXPIRED = '12021';
export const FAKE_ONELINK_OVER_LIMIT = '12009';
/** The stop reason of a card the reseller stopped (主动（申请）双向停机). */
export const ONELINK_REQUESTED_STOP = '000000002000';
const NO_STOP = '000000000000';

export async function startOnelinkFake(
  account: { appId: string; password: string } = { appId: '100000000001', password: 'fake-onelink-password' },
): Promise<OnelinkFake> {
  const tokens = new Map<string, boolean>();
  let tokenSeq = 0;
  const starts: number[] = [];
  const fake: OnelinkFake = {
    url: '',
    ...account,
    cards: new Map(),
    calls: [],
    expireTokens() {
      for (const token of tokens.keys()) tokens.set(token, false);
    },
    overLimitNext: 0,
    callsPerSecond: 50,
    overLimited: 0,
    delayMs: 0,
    addCard(card) {
      const full: OnelinkFakeCard = {
        iccid: `8986${card.msisdn}`,
        cardStatus: '2',
        stopReason: NO_STOP,
        usageKb: 0,
        realNameStatus: '1',
        onOff: '1',
        ...card,
      };
      fake.cards.set(full.msisdn, full);
      return full;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const answer = (status: string, message: string, result: object[] = []) => ({ status, message, result });

  function handle(path: string, q: Record<string, string>): object {
    if (
      !/^\d+$/.test(q.transid ?? '') ||
      !(q.transid ?? '').startsWith(fake.appId) ||
      q.transid?.length !== fake.appId.length + 22
    ) {
      return answer('12001', 'transid 格式错误');
    }
    if (path === '/v5/ec/get/token') {
      if (q.appid !== fake.appId || q.password !== fake.password) return answer('12002', 'appid或密码错误');
      const token = `tok${++tokenSeq}`;
      tokens.set(token, true);
      return answer('0', '正确', [{ token, ttl: 3600 }]);
    }
    const valid = q.token !== undefined && tokens.get(q.token);
    if (!valid) return answer(FAKE_ONELINK_EXPIRED, 'token不存在或已过期');
    const now = Date.now();
    starts.push(now);
    while (starts.length > 0 && (starts[0] ?? 0) <= now - 1000) starts.shift();
    if (fake.overLimitNext > 0 || starts.length > fake.callsPerSecond) {
      fake.overLimitNext = Math.max(0, fake.overLimitNext - 1);
      fake.overLimited += 1;
      return answer(FAKE_ONELINK_OVER_LIMIT, '调用频率超过限制');
    }
    if (path === '/v5/ec/query/sim-card-info/batch') {
      const msisdns = (q.msisdns ?? '').split('_').filter(Boolean);
      if (msisdns.length === 0 || msisdns.length > 100) return answer('12102', '批量查询号码数量须为1-100');
      return answer(
        '0',
        '正确',
        msisdns.map((msisdn) => {
          const card = fake.cards.get(msisdn);
          if (!card) return { status: '12103', message: '号码不存在', msisdn };
          return {
            status: '0',
            message: '正确',
            msisdn,
            iccid: card.iccid,
            cardStatus: card.cardStatus,
            stopReason: card.stopReason,
            dataAmount: String(card.usageKb),
            realNameStatus: card.realNameStatus,
          };
        }),
      );
    }
    const card = fake.cards.get(q.msisdn ?? '');
    if (!card) return answer('12103', '号码不存在');
    switch (path) {
      case '/v5/ec/query/sim-status':
        return answer('0', '正确', [{ cardStatus: card.cardStatus, lastChangeDate: '2026-01-01 00:00:00' }]);
      case '/v5/ec/query/sim-stop-reason':
        return answer('0', '正确', [{ stopReason: card.stopReason, platformType: '0' }]);
      case '/v5/ec/query/sim-data-usage':
        return answer('0', '正确', [{ dataAmount: String(card.usageKb), apnUseAmountList: [] }]);
      case '/v5/ec/query/sim-real-name-status':
        return answer('0', '正确', [{ realNameStatus: card.realNameStatus }]);
      case '/v5/ec/query/on-off-status':
        return answer('0', '正确', [{ status: card.onOff }]);
      case '/v5/ec/change/sim-status': {
        if (q.operType === '0') {
          card.cardStatus = '4';
          card.stopReason = ONELINK_REQUESTED_STOP;
        } else if (q.operType === '1') {
          // A forced stop (强制双向停机) is China Mobile's to lift.
          if (card.stopReason[10] === '2') return answer('12105', '强制停机状态不允许复机');
          card.cardStatus = '2';
          card.stopReason = NO_STOP;
        } else {
          return answer('12104', 'operType 错误');
        }
        return answer('0', '正确', [{ orderNum: `ord${now}`, msisdn: card.msisdn }]);
      }
      default:
        return answer('12100', '接口不存在');
    }
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    fake.calls.push({ path: url.pathname, query });
    const reply = () => {
      if (res.destroyed) return;
      const body = req.method === 'GET' ? handle(url.pathname, query) : { status: '12100', message: '仅支持GET' };
      res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    if (fake.delayMs > 0) setTimeout(reply, fake.delayMs);
    else reply();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
