/**
 * 用量提醒 (issue 25 item 1): the card holder chooses the usage alerts (shares of the pool, default 80 %
 * and 100 %), the package expiry alerts (default 7 days and 1 day before), a low-balance alert below an
 * amount, and how to be told: SMS to the bound mobile (after the quiet hours) and a message on the card
 * home. Below the settings, the card's alerts so far.
 */
import { ALERT_EXPIRY_DAYS_MAX, ALERT_THRESHOLDS_MAX } from '@haoka/contract';
import { Button } from 'antd-mobile';
import { type ReactNode, useId, useState } from 'react';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { usePageTitle } from '../../../platform/page-title';
import { useQueryClient } from '../../../platform/query';
import { IotGuard } from '../../iot-core/components/iot-guard';
import {
  type AlertSettingsData,
  alertSettingsKey,
  saveAlertSettings,
  useAlertNotices,
  useAlertSettings,
} from '../api/alerts';
import { useNoticeText } from './alert-notices';
import '../i18n';
import './alerts.css';

interface Draft {
  usage: string[];
  expiry: string[];
  balanceOn: boolean;
  amount: string;
  sms: boolean;
  inApp: boolean;
}

function toDraft(data: AlertSettingsData): Draft {
  return {
    usage: data.usageThresholds.map(String),
    expiry: data.expiryDays.map(String),
    balanceOn: data.lowBalance !== null,
    amount: data.lowBalance ?? '',
    sms: data.channels.sms,
    inApp: data.channels.inApp,
  };
}

const toNumbers = (list: string[]) => list.filter((v) => v.trim() !== '').map((v) => Number(v));

function NumberList({
  title,
  hint,
  values,
  max,
  label,
  onChange,
  testId,
}: {
  title: string;
  hint: string;
  values: string[];
  max: number;
  label: (n: number) => string;
  onChange: (values: string[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="iot-alerts__group" data-testid={testId}>
      <legend className="iot-alerts__legend">{title}</legend>
      <p className="iot-alerts__hint">{hint}</p>
      {values.map((value, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows are positions in a short list
        <div className="iot-alerts__row" key={i}>
          <label className="iot-alerts__label" htmlFor={`${id}-${i}`}>
            {label(i + 1)}
          </label>
          <input
            id={`${id}-${i}`}
            className="iot-alerts__input"
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            value={value}
            onChange={(e) => onChange(values.map((v, j) => (j === i ? e.target.value : v)))}
            data-testid={`${testId}-input`}
          />
          <Button
            size="small"
            fill="none"
            onClick={() => onChange(values.filter((_, j) => j !== i))}
            aria-label={t('iotCare.alerts.remove', { what: label(i + 1) })}
          >
            ×
          </Button>
        </div>
      ))}
      {values.length < ALERT_THRESHOLDS_MAX ? (
        <Button size="small" fill="outline" onClick={() => onChange([...values, ''])} data-testid={`${testId}-add`}>
          {t('iotCare.alerts.add')}
        </Button>
      ) : null}
    </fieldset>
  );
}

function Check({
  checked,
  disabled,
  onChange,
  children,
  testId,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  testId: string;
}) {
  return (
    <label className="iot-alerts__check">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
      <span>{children}</span>
    </label>
  );
}

function SettingsForm({ simNo, data }: { simNo: string; data: AlertSettingsData }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const amountId = useId();
  const [draft, setDraft] = useState(() => toDraft(data));
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const save = async () => {
    setSaving(true);
    try {
      const saved = await saveAlertSettings({
        usageThresholds: toNumbers(draft.usage),
        expiryDays: toNumbers(draft.expiry),
        lowBalance: draft.balanceOn && draft.amount.trim() !== '' ? draft.amount.trim() : null,
        channels: { sms: draft.sms, inApp: draft.inApp },
      });
      client.setQueryData(alertSettingsKey(simNo), saved);
      setDraft(toDraft(saved));
      showToast(t('iotCare.alerts.saved'), { icon: 'success' });
    } catch {
      // The refusal's reason was shown by the request.
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      className="iot-alerts__form"
      // The server's refusal says what is wrong, in the holder's language.
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <NumberList
        title={t('iotCare.alerts.usage')}
        hint={t('iotCare.alerts.usageHint')}
        values={draft.usage}
        max={100}
        label={(n) => t('iotCare.alerts.threshold', { n })}
        onChange={(usage) => set({ usage })}
        testId="alerts-usage"
      />
      <NumberList
        title={t('iotCare.alerts.expiry')}
        hint={t('iotCare.alerts.expiryHint')}
        values={draft.expiry}
        max={ALERT_EXPIRY_DAYS_MAX}
        label={(n) => t('iotCare.alerts.days', { n })}
        onChange={(expiry) => set({ expiry })}
        testId="alerts-expiry"
      />
      <fieldset className="iot-alerts__group" data-testid="alerts-balance">
        <legend className="iot-alerts__legend">{t('iotCare.alerts.balance')}</legend>
        <Check checked={draft.balanceOn} onChange={(balanceOn) => set({ balanceOn })} testId="alerts-balance-on">
          {t('iotCare.alerts.balanceOn')}
        </Check>
        {draft.balanceOn ? (
          <div className="iot-alerts__row">
            <label className="iot-alerts__label" htmlFor={amountId}>
              {t('iotCare.alerts.amount')}
            </label>
            <input
              id={amountId}
              className="iot-alerts__input"
              type="text"
              inputMode="decimal"
              value={draft.amount}
              onChange={(e) => set({ amount: e.target.value })}
              data-testid="alerts-balance-amount"
            />
          </div>
        ) : null}
      </fieldset>
      <fieldset className="iot-alerts__group" data-testid="alerts-channels">
        <legend className="iot-alerts__legend">{t('iotCare.alerts.channels')}</legend>
        <Check checked={draft.inApp} onChange={(inApp) => set({ inApp })} testId="alerts-in-app">
          {t('iotCare.alerts.inApp')}
        </Check>
        <Check
          checked={draft.sms}
          disabled={!data.mobile && !draft.sms}
          onChange={(sms) => set({ sms })}
          testId="alerts-sms"
        >
          {data.mobile ? t('iotCare.alerts.sms', { mobile: data.mobile }) : t('iotCare.alerts.smsNoMobile')}
        </Check>
        <p className="iot-alerts__hint">{t('iotCare.alerts.quiet')}</p>
      </fieldset>
      <div className="iot-alerts__save">
        <Button block color="primary" type="submit" loading={saving} data-testid="alerts-save">
          {t('iotCare.alerts.save')}
        </Button>
      </div>
    </form>
  );
}

function NoticeHistory({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const query = useAlertNotices(simNo, false, 20);
  const text = useNoticeText();
  const list = query.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section className="iot-alerts__history" aria-label={t('iotCare.alerts.notices')} data-testid="alerts-history">
      <h2 className="iot-alerts__legend">{t('iotCare.alerts.notices')}</h2>
      <ul className="iot-alerts__history-list">
        {list.map((n) => (
          <li key={n.id} data-testid="alerts-history-item" data-read={n.read}>
            <span>{text(n)}</span>
            <time className="iot-alerts__time">{n.createdAt.slice(0, 16)}</time>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AlertsView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  usePageTitle(t('iotCare.alerts.title'));
  const query = useAlertSettings(simNo);
  return (
    <div className="iot-alerts iot-page" data-testid="iot-alerts">
      <p className="iot-alerts__intro">{t('iotCare.alerts.intro')}</p>
      <PageState
        loading={query.isPending}
        error={query.isError ? query.error : undefined}
        onRetry={() => void query.refetch()}
        skeletonRows={8}
      >
        {query.data ? <SettingsForm simNo={simNo} data={query.data} /> : null}
      </PageState>
      <NoticeHistory simNo={simNo} />
    </div>
  );
}

export function AlertsPage() {
  return <IotGuard>{(simNo) => <AlertsView key={simNo} simNo={simNo} />}</IotGuard>;
}
