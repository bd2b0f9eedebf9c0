/**
 * 卡片首页 (SCREENS §3 iot/index/index): greeting and card number (copy, 切换 among the recent cards),
 * operator image (99 for a device, spec §4), status and 实名 tags, the flow card, lamp, notice,
 * carousel, menus, refresh (button and pull-down, throttled), the card's state (why it is stopped or
 * limited, with the action that fixes it), the blocking prompts (one at a time, in order; a violation's says
 * what the card state says), the once-a-day layout popup and 退出 in the header.
 */
import {
  DEFAULT_SIM_SERVICE_NAME,
  displayOperatorType,
  greetingPeriod,
  operatorImage,
  rechargeNumberOf,
  type SimInfo,
} from '@haoka/contract';
import { Button, type DialogShowProps, NoticeBar, Space } from 'antd-mobile';
import { RedoOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorBlock } from '../../../components/error-block';
import { Image } from '../../../components/image';
import { LazyActionSheet } from '../../../components/lazy-popup';
import { PageState } from '../../../components/page-state';
import type { RichHtml } from '../../../components/rich-html';
import { withTexts } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { copyText } from '../../../platform/clipboard';
import { feedbackUi, showToast } from '../../../platform/feedback';
import { CARD_LOGIN_PATH, IOT_HOME_PATH, navigateTo, redirectTo } from '../../../platform/navigation';
import { usePageHeaderRight } from '../../../platform/page-header-right';
import { usePageTitle } from '../../../platform/page-title';
import { useQueryClient } from '../../../platform/query';
import { useIotStore } from '../../../stores/iot';
import { useVipPromo } from '../../iot-member/components/vip-home-promo';
import { operatorName } from '../../numbers/operators';
import { DictTag } from '../../site/dict-label';
import { putSimInfo, useSimInfo } from '../api/get-sim-info';
import { logoutSim } from '../api/logout-sim';
import { refreshSim } from '../api/refresh-sim';
import { cardStatePresentation } from '../card-state-rules';
import { ALERTS_PATH, DIAGNOSIS_PATH } from '../menu-rules';
import {
  blockingPrompts,
  isRealnameReminder,
  localDay,
  PROMPT_PATHS,
  packageLamps,
  shouldShowPopup,
} from '../sim-display';
import { syncAgeText } from '../sync-age';
import { CardStatePanel, useActionLabel, useCardStateAction, useStateText } from './card-state';
import { FlowCard } from './flow-card';
import { IotGuard } from './iot-guard';
import { IotTabBar } from './iot-tab-bar';
import { LayoutCarousel } from './layout-carousel';
import { HomeMenuGrid } from './menu-grid';
import './iot-home.css';
import { PullRefresh } from '../../../components/pull-refresh';
import '../i18n';

/** Cards whose layout popup was already shown in this app session (at most once per visit of the app). */
const popupShown = new Set<string>();

/** For tests: forget which popups were shown this session. */
export function resetPopupSession(): void {
  popupShown.clear();
}

/** 退出 (spec §4): clears the card number and its info, keeps the recent cards, goes to the card login. */
export function useLogoutCard() {
  const client = useQueryClient();
  return useCallback(() => {
    // The server drops the card from this session first (it needs the card number still set); the
    // card is cleared here whatever it answers.
    void logoutSim().finally(() => {
      useIotStore.getState().logoutCard();
      client.removeQueries({ queryKey: ['simInfo'] });
      redirectTo(CARD_LOGIN_PATH);
    });
  }, [client]);
}

function CardHeader({ sim, simNo }: { sim: SimInfo; simNo: string }) {
  const { t } = useTranslation();
  const loginSns = useIotStore((s) => s.loginSns);
  const switchCard = useIotStore((s) => s.switchCard);
  const [sheetOpen, setSheetOpen] = useState(false);
  const displayNo = rechargeNumberOf(sim);
  const operator = displayOperatorType(sim);
  return (
    <section className="iot-head" data-testid="iot-head">
      <div className="iot-head__greeting" data-testid="iot-greeting">
        {t(`iotCore.greeting.${greetingPeriod(new Date().getHours())}`)}
      </div>
      <div className="iot-head__card">
        <Image
          className="iot-head__operator"
          src={operatorImage(operator, import.meta.env.BASE_URL)}
          alt={operatorName(t, operator)}
          width={36}
          height={36}
          fit="contain"
          data-testid="iot-operator"
          data-operator={operator}
        />
        <span className="iot-head__no" data-testid="iot-card-no">
          {displayNo}
        </span>
        <Button size="mini" fill="none" onClick={() => void copyText(displayNo)} data-testid="iot-copy">
          {t('iotCore.home.copy')}
        </Button>
        <Button size="mini" fill="outline" onClick={() => setSheetOpen(true)} data-testid="iot-switch">
          {t('iotCore.home.switch')}
        </Button>
      </div>
      <Space wrap className="iot-head__tags">
        <DictTag type="sim_status" value={sim.simStatus} testId="iot-status-tag" />
        <DictTag type="auth_status" value={sim.authStatus} testId="iot-auth-tag" />
      </Space>
      <LazyActionSheet
        visible={sheetOpen}
        onClose={() => setSheetOpen(false)}
        cancelText={t('common.cancel')}
        extra={t('iotCore.home.switchTitle')}
        actions={[
          ...loginSns.map((sn) => ({
            key: sn,
            text: sn,
            description: sn === simNo ? t('iotCore.home.current') : undefined,
          })),
          { key: '__login__', text: t('iotCore.home.otherCard') },
        ]}
        onAction={(action) => {
          setSheetOpen(false);
          const key = String(action.key);
          if (key === '__login__') navigateTo(CARD_LOGIN_PATH, { redirect: IOT_HOME_PATH });
          else if (key !== simNo) switchCard(key);
        }}
      />
    </section>
  );
}

/**
 * The blocking prompts (first needed one) and then the layout popup, once per card per mount. A dialog
 * still open when the home goes away (back, a link) closes with it and counts as not shown, so it is
 * asked again on the next visit rather than covering another page. `onQuiet` hears of a card for which
 * neither showed (the VIP promo may then show).
 */
/** A prompt the holder did not get to see (the home was left): asked again next time. */
/** The sanitiser and its component, for the shop's texts in the prompts (after the first screen). */
const loadRichHtml = () => withTexts(import('../../../components/rich-html'));

function unasked(asked: Set<string>, kind: 'prompt' | 'popup', card: string): void {
  asked.delete(card);
  if (kind === 'popup') popupShown.delete(card);
}

function usePrompts(
  sim: SimInfo | undefined,
  simNo: string,
  onQuiet: (simNo: string) => void,
  onRefresh: () => Promise<void>,
) {
  const { t } = useTranslation();
  const quietRef = useRef(onQuiet);
  quietRef.current = onQuiet;
  // The violation's prompt says what the card state says and offers the same action.
  const run = useCardStateAction(sim, simNo, onRefresh);
  const label = useActionLabel(sim);
  const text = useStateText(sim);
  const stateRef = useRef({ run, label, text });
  stateRef.current = { run, label, text };
  const asked = useRef(new Set<string>());
  const open = useRef(new Map<{ close: () => void }, { kind: 'prompt' | 'popup'; simNo: string }>());
  const mounted = useRef(true);
  useEffect(() => {
    const dialogs = open.current;
    const seen = asked.current;
    mounted.current = true;
    return () => {
      mounted.current = false;
      for (const [handler, { kind, simNo: card }] of [...dialogs]) {
        dialogs.delete(handler);
        handler.close();
        unasked(seen, kind, card);
      }
    };
  }, []);
  useEffect(() => {
    // antd-mobile's Dialog comes with the feedback helpers' components (platform/feedback.ts), loaded
    // after the page's load event or here on first use, and the shop's texts with their sanitiser; a home
    // left before they arrive shows nothing.
    const show = (kind: 'prompt' | 'popup', propsWith: (html: typeof RichHtml) => DialogShowProps) => {
      void Promise.all([feedbackUi(), loadRichHtml()]).then(([{ Dialog }, { RichHtml: Html }]) => {
        if (!mounted.current) {
          unasked(asked.current, kind, simNo);
          return;
        }
        const handler = Dialog.show({ ...propsWith(Html), onClose: () => open.current.delete(handler) });
        open.current.set(handler, { kind, simNo });
      });
    };
    if (!sim || sim.simNo !== simNo || asked.current.has(simNo)) return;
    asked.current.add(simNo);
    const prompt = blockingPrompts(sim)[0];
    const violation = prompt === 'violation' ? cardStatePresentation(sim) : null;
    if (violation) {
      const { run, label, text } = stateRef.current;
      show('prompt', () => ({
        title: t(`iotState.title.${violation.title}`),
        content: (
          <div data-testid="iot-prompt" data-prompt="violation">
            <p>{text(violation)}</p>
            {violation.detail ? <p className="iot-state__detail">{violation.detail}</p> : null}
          </div>
        ),
        closeOnAction: true,
        actions: [
          [
            { key: 'later', text: t('iotCore.prompt.later') },
            { key: 'go', text: label(violation.action), bold: true, onClick: () => void run(violation.action) },
          ],
        ],
      }));
      return;
    }
    const popup = sim.simLayout.popup;
    if (prompt && prompt !== 'violation') {
      // The shop's real-name reminder, when it has one, is the card's 实名 prompt: one real-name notice.
      const reminder = prompt === 'realname' && isRealnameReminder(popup);
      show('prompt', (RichHtml) => ({
        title: reminder && popup.title ? popup.title : t('iotCore.prompt.title'),
        content: (
          <div data-testid="iot-prompt" data-prompt={prompt}>
            {reminder ? <RichHtml html={popup.content} testId="iot-prompt-reminder" /> : t(`iotCore.prompt.${prompt}`)}
          </div>
        ),
        closeOnAction: true,
        actions: [
          [
            { key: 'later', text: t('iotCore.prompt.later') },
            { key: 'go', text: t('iotCore.prompt.go'), bold: true, onClick: () => navigateTo(PROMPT_PATHS[prompt]) },
          ],
        ],
      }));
      return;
    }
    const prevent = useIotStore.getState().iotIndexPopupPrevent;
    if (popupShown.has(simNo) || !shouldShowPopup(popup, prevent, simNo, localDay(), sim)) {
      quietRef.current(simNo);
      return;
    }
    popupShown.add(simNo);
    show('popup', (RichHtml) => ({
      title: <span data-shop-content>{popup.title}</span>,
      content: <RichHtml html={popup.content} testId="iot-popup" />,
      closeOnAction: true,
      actions: [
        [
          {
            key: 'never',
            text: t('iotCore.popup.notToday'),
            onClick: () => useIotStore.getState().preventIndexPopup(simNo, localDay()),
          },
          { key: 'ok', text: t('iotCore.popup.ok'), bold: true },
        ],
      ],
    }));
  }, [sim, simNo, t]);
}

/** When the card's state was last synced with the operator, and how long ago (kept current every 30 s). */
function SyncedAt({ time }: { time: string }) {
  const { t, i18n } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const age = syncAgeText(time, now, i18n.language);
  return (
    <span className="iot-refresh__at" data-testid="iot-synced-at">
      {age ? t('iotCore.home.syncedAtAge', { time, age }) : t('iotCore.home.syncedAt', { time })}
    </span>
  );
}

/**
 * Usage at a glance (features/iot-care): its total is the card home's largest text, so the card home asks
 * for its chunk when it first renders, and then for its usage, beside the card's data, not once the card
 * has arrived. The chart
 * (chart.js) is a chunk of its own, after the total.
 */
let usageGlance: Promise<typeof import('../../iot-care/components/usage-glance')> | undefined;
const loadUsageGlance = () => {
  usageGlance ??= withTexts(import('../../iot-care/components/usage-glance'));
  return usageGlance;
};
const UsageGlance = lazy(loadUsageGlance);
/** The card's unread alerts (features/iot-care), loaded after the first paint. */
const AlertNotices = lazy(() => withTexts(import('../../iot-care/components/alert-notices')));

function HomeContent({ sim, simNo, onRefresh }: { sim: SimInfo; simNo: string; onRefresh: () => Promise<void> }) {
  const { t } = useTranslation();
  const layout = sim.simLayout;
  const lamps = packageLamps(sim);
  return (
    <>
      <CardHeader sim={sim} simNo={simNo} />
      <CardStatePanel sim={sim} simNo={simNo} onRefresh={onRefresh} />
      {lamps.length > 0 ? (
        <NoticeBar content={lamps.join('　　')} color="info" data-testid="iot-lamp" className="iot-lamp" />
      ) : null}
      <FlowCard sim={sim} />
      <Suspense fallback={null}>
        <AlertNotices simNo={simNo} />
      </Suspense>
      <Suspense fallback={<div className="iot-usage-slot" />}>
        <UsageGlance simNo={simNo} />
      </Suspense>
      <div className="iot-refresh">
        {layout.refreshSwitch === 1 ? (
          <>
            <Button size="small" fill="outline" onClick={() => void onRefresh()} data-testid="iot-refresh">
              <RedoOutline /> {t('iotCore.home.refresh')}
            </Button>
            {sim.lastRobinAt ? <SyncedAt time={sim.lastRobinAt} /> : null}
          </>
        ) : null}
        <Button
          className="iot-refresh__diagnosis"
          size="small"
          fill="none"
          onClick={() => navigateTo(DIAGNOSIS_PATH)}
          data-testid="iot-diagnosis-entry"
        >
          {t('iotCore.home.diagnosis')}
        </Button>
        <Button size="small" fill="none" onClick={() => navigateTo(ALERTS_PATH)} data-testid="iot-alerts-entry">
          {t('iotCore.home.alerts')}
        </Button>
      </div>
      {layout.notice ? (
        <NoticeBar content={<span data-shop-content>{layout.notice}</span>} color="default" data-testid="iot-notice" />
      ) : null}
      <LayoutCarousel carousels={layout.carousels} testId="iot-carousel" />
      <HomeMenuGrid menus={layout.menus} maxMenuTimes={layout.maxMenuTimes} />
    </>
  );
}

function IotHomeView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const info = useSimInfo(simNo);
  const sim = info.data && info.data.simNo === simNo ? info.data : undefined;
  useEffect(() => {
    void loadUsageGlance()
      .then((glance) => (simNo ? glance.prefetchUsageGlance(client, simNo) : undefined))
      .catch(() => undefined);
  }, [client, simNo]);
  const logout = useLogoutCard();
  const layoutName = sim?.simLayout.name;
  usePageTitle(layoutName === DEFAULT_SIM_SERVICE_NAME ? t('user.menu.iot') : layoutName);
  const headerRight = useMemo(
    () => (
      <button type="button" className="iot-logout" onClick={logout} data-testid="iot-logout">
        {t('iotCore.home.logout')}
      </button>
    ),
    [logout, t],
  );
  usePageHeaderRight(headerRight);
  const refresh = useCallback(async () => {
    try {
      const { data, syncing, message } = await refreshSim(simNo, 1);
      putSimInfo(client, simNo, data);
      // A sync may have raised alerts (features/iot-care): their block asks again.
      void client.invalidateQueries({ queryKey: ['alertNotices', simNo] });
      showToast(syncing ? message : t('iotCore.home.refreshed'));
    } catch {
      // the request wrapper showed why
    }
  }, [client, simNo, t]);
  const [quietCard, setQuietCard] = useState('');
  usePrompts(sim, simNo, setQuietCard, refresh);
  // A stopped or limited card sees its state and the fix first, never an upsell over it.
  useVipPromo(sim, simNo, quietCard === simNo && !(sim && cardStatePresentation(sim)));

  if (!sim && info.isError) {
    return (
      <div className="iot-home" data-testid="iot-home-error">
        <ErrorBlock status="disconnected" title={t('iotCore.home.loadFailed')} description="">
          <Space>
            <Button color="primary" size="small" onClick={() => void info.refetch()} data-testid="iot-home-retry">
              {t('ui.reload')}
            </Button>
            <Button size="small" onClick={() => navigateTo(CARD_LOGIN_PATH, { redirect: IOT_HOME_PATH })}>
              {t('iotCore.home.switchCard')}
            </Button>
          </Space>
        </ErrorBlock>
      </div>
    );
  }
  return (
    <div className="iot-home iot-page" data-testid="iot-home">
      <PullRefresh onRefresh={refresh}>
        <PageState loading={!sim} skeletonRows={8}>
          {sim ? <HomeContent sim={sim} simNo={simNo} onRefresh={refresh} /> : null}
        </PageState>
      </PullRefresh>
      {sim ? <IotTabBar tabBar={sim.simLayout.tabBar} /> : null}
    </div>
  );
}

export function IotHomePage() {
  return <IotGuard>{(simNo) => <IotHomeView key={simNo} simNo={simNo} />}</IotGuard>;
}
