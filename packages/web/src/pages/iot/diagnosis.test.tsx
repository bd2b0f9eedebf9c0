/**
 * 智能诊断 (issue 25 item 3): the page syncs the card (simRefresh, forced), gives a verdict per check with
 * the sentence and the action that fixes it, says when the operator could not be reached, and words every
 * finding in every locale.
 */
import { type SimInfo, THROTTLE_MS } from '@haoka/contract';
import { DIAGNOSIS_FINDINGS } from '@haoka/contract/card-diagnosis';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { simFixture } from '../../features/iot-core/sim-fixture';
import { iotCare } from '../../i18n/sections/iot-care';
import i18next from '../../i18n/translator';
import { useIotStore } from '../../stores/iot';
import { settle } from '../../test/dom';
import { Fail, locationOf, mockApi, renderRoute } from '../../test/render-route';

const PAGE = '/pages/iot/index/diagnosis/index';

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai, `ms` from now. */
function shanghai(ms: number): string {
  return new Date(Date.now() + ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

beforeEach(() => {
  useIotStore.setState({ loginSns: [], simNo: '', iotIndexPopupPrevent: {}, simInfo: null });
});

/** Each test its own card: simRefresh is throttled per card for a second (SPEC §9). */
let cards = 0;
const card = (patch: Partial<SimInfo>) => simFixture({ simNo: `1440399${String(++cards).padStart(6, '0')}`, ...patch });

function open(sim: SimInfo, refresh?: () => SimInfo | Fail) {
  useIotStore.setState({ simNo: sim.simNo, loginSns: [sim.simNo] });
  const api = mockApi({
    '/api/iot/simInfo': () => sim,
    '/api/iot/simRefresh': refresh ?? (() => sim),
  });
  return { api, ...renderRoute(PAGE) };
}

async function checks() {
  await screen.findByTestId('diagnosis-summary');
  return Object.fromEntries(
    screen.getAllByTestId('diagnosis-check').map((row) => [
      row.dataset.check,
      {
        verdict: row.dataset.verdict,
        text: row.querySelector('[data-testid="diagnosis-text"]')?.textContent,
        action: row.querySelector('[data-testid="diagnosis-action"]')?.textContent ?? null,
      },
    ]),
  );
}

const fresh = { lastRobinAt: shanghai(-5 * 60_000), endAt: shanghai(90 * 86_400_000) };

describe('the card diagnosis', () => {
  it('syncs the card first, and a healthy card passes every check', async () => {
    const { api } = open(card({ ...fresh, totalFlow: 30720, useFlow: 1024 }));
    const found = await checks();
    expect(api.callsTo('/api/iot/simRefresh').map((c) => c.body)).toEqual([{ force: 1 }]);
    expect(screen.getByTestId('diagnosis-summary').dataset.verdict).toBe('ok');
    expect(screen.getByTestId('diagnosis-summary').textContent).toContain('卡片一切正常');
    expect(found.state).toEqual({ verdict: 'ok', text: '卡片状态正常', action: null });
    expect(found.pool).toEqual({ verdict: 'ok', text: '本期剩余 29.00GB（共 30.00GB）', action: null });
    expect(found.device?.verdict).toBe('skip');
    expect(found.sync?.text).toContain('数据已与运营商同步');
  });

  it('an arrears stop says why with the card home’s own sentence and offers to pay exactly what is owed', async () => {
    open(card({ ...fresh, simStatus: 3, stopReason: 'arrears', arrearsBalance: '23.50', onlineStatus: 0 }));
    const found = await checks();
    expect(screen.getByTestId('diagnosis-summary').dataset.verdict).toBe('fail');
    expect(found.state).toEqual({
      verdict: 'fail',
      text: '已欠费 ¥23.50，充值后约 5 分钟复机',
      action: '一键缴费 ¥23.50',
    });
    expect(found.network?.verdict).toBe('skip');
  });

  it('a violation offers to lift the restriction when the operator allows it', async () => {
    open(card({ ...fresh, breakRuleId: 3, allowRemoveBreak: 1, breakTips: '机卡分离' }));
    const found = await checks();
    expect(found.state).toEqual({
      verdict: 'fail',
      text: '确认卡片在约定设备中使用后，可一键解除限制',
      action: '解除限制',
    });
  });

  it('opens the page that fixes a finding', async () => {
    const { router } = open(card({ ...fresh, totalFlow: 1024, useFlow: 1024 }));
    const found = await checks();
    expect(found.pool).toEqual({
      verdict: 'fail',
      text: '本期流量已用完（共 1.00GB），已暂停上网',
      action: '订购加油包',
    });
    const row = screen.getAllByTestId('diagnosis-check').find((r) => r.dataset.check === 'pool') as HTMLElement;
    fireEvent.click(row.querySelector('[data-testid="diagnosis-action"]') as HTMLElement);
    await waitFor(() => expect(locationOf(router)).toBe('/pages/iot/index/package/index?packageType=2'));
  });

  it('diagnoses the stored state when the operator cannot be reached, and says so', async () => {
    const sim = card({ ...fresh, lastRobinAt: shanghai(-3 * 3_600_000) });
    open(sim, () => new Fail(0, '数据同步中', sim, 'dataSyncing'));
    const found = await checks();
    expect(found.sync?.verdict).toBe('warn');
    expect(found.sync?.text).toBe('暂时无法连接运营商，显示的是3小时前的数据');
    expect(found.sync?.action).toBe('重新诊断');
  });

  it('offers to run again when the diagnosis fails', async () => {
    let calls = 0;
    const sim = card(fresh);
    open(sim, () => (++calls === 1 ? new Fail(500, '系统繁忙') : sim));
    await screen.findByTestId('page-error-state');
    await settle(THROTTLE_MS + 50); // a retry within the throttle window would get the same answer
    fireEvent.click(screen.getByText('重新加载'));
    await screen.findByTestId('diagnosis-summary');
  });

  it('speaks English', async () => {
    await i18next.changeLanguage('en');
    try {
      open(card({ ...fresh, totalFlow: 1024, useFlow: 1000 }));
      const found = await checks();
      expect(found.pool?.text).toBe('Only 24MB left this period (of 1.00GB). Consider a data add-on.');
      expect(screen.getByTestId('diagnosis-summary').textContent).not.toMatch(/\p{Script=Han}/u);
      for (const row of screen.getAllByTestId('diagnosis-check')) {
        expect(row.textContent, row.dataset.check).not.toMatch(/\p{Script=Han}/u);
      }
    } finally {
      await i18next.changeLanguage('zh-Hans');
    }
  });

  it('has a sentence for every finding in every locale', () => {
    for (const [locale, strings] of Object.entries(iotCare)) {
      const findings = strings.diagnosis.finding as Record<string, Record<string, string>>;
      for (const [check, keys] of Object.entries(DIAGNOSIS_FINDINGS)) {
        // The state's stops are worded by the card home's sentences (iotState); only `running` is ours.
        for (const key of check === 'state' ? ['running'] : keys) {
          expect(findings[check]?.[key], `${locale} ${check}.${key}`).toBeTruthy();
        }
      }
    }
  });
});
