/**
 * 智能诊断 (issue 25): syncs the card with its operator (simRefresh, forced) and lists one verdict per check
 * (contract domain/card-diagnosis.ts) with the sentence that explains it and the action that fixes it. When
 * the operator cannot be reached the stored state is diagnosed and the sync check says so.
 */
import type { SimInfo } from '@haoka/contract';
import {
  type DiagnosisCheck,
  type DiagnosisVerdict,
  diagnoseCard,
  overallVerdict,
} from '@haoka/contract/card-diagnosis';
import { Button } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill, ExclamationCircleFill, InformationCircleOutline } from 'antd-mobile-icons';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import type { iotCare } from '../../../i18n/sections/iot-care';
import { navigateTo } from '../../../platform/navigation';
import { usePageTitle } from '../../../platform/page-title';
import { useQuery, useQueryClient } from '../../../platform/query';
import { putSimInfo } from '../../iot-core/api/get-sim-info';
import { refreshSim } from '../../iot-core/api/refresh-sim';
import { cardStatePresentation } from '../../iot-core/card-state-rules';
import { useActionLabel, useCardStateAction, useStateText } from '../../iot-core/components/card-state';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { formatFlow } from '../../iot-core/sim-display';
import { syncAgeText } from '../../iot-core/sync-age';
import { type DiagnosisAction, diagnosisAction } from '../diagnosis-rules';
import '../i18n';
import './diagnosis.css';

interface Diagnosis {
  sim: SimInfo;
  checks: DiagnosisCheck[];
  at: number;
}

type Findings = (typeof iotCare)['zh-Hans']['diagnosis']['finding'];
/** A finding's catalogue key (the state's own stops are worded by the card home's sentences instead). */
type FindingKey = {
  [C in keyof Findings]: `iotCare.diagnosis.finding.${C}.${keyof Findings[C] & string}`;
}[keyof Findings];

const ICONS: Record<DiagnosisVerdict, typeof CheckCircleFill> = {
  ok: CheckCircleFill,
  warn: ExclamationCircleFill,
  fail: CloseCircleFill,
  skip: InformationCircleOutline,
};

/** The sentence of a check, with its figures in the holder's language. */
function useFindingText(sim: SimInfo, at: number) {
  const { t, i18n } = useTranslation();
  const stateText = useStateText(sim);
  return (check: DiagnosisCheck) => {
    if (check.check === 'state' && check.verdict !== 'ok') {
      const state = cardStatePresentation(sim, at);
      if (state) return stateText(state);
    }
    const v = check.values;
    return t(`iotCare.diagnosis.finding.${check.check}.${check.finding}` as FindingKey, {
      left: formatFlow(v.leftMb ?? 0),
      total: formatFlow(v.totalMb ?? 0),
      count: v.days ?? v.connections ?? 0,
      age: syncAgeText(sim.lastRobinAt, at, i18n.language),
    });
  };
}

function CheckRow({
  check,
  text,
  action,
  actionLabel,
  onAction,
}: {
  check: DiagnosisCheck;
  text: string;
  action: DiagnosisAction | null;
  actionLabel: string;
  onAction: () => void;
}) {
  const { t } = useTranslation();
  const Icon = ICONS[check.verdict];
  return (
    <li
      className={`iot-diagnosis__check iot-diagnosis__check--${check.verdict}`}
      data-testid="diagnosis-check"
      data-check={check.check}
      data-verdict={check.verdict}
      data-finding={check.finding}
    >
      <Icon className="iot-diagnosis__icon" aria-hidden="true" />
      <div className="iot-diagnosis__body">
        <h3 className="iot-diagnosis__name">
          {t(`iotCare.diagnosis.check.${check.check}`)}
          <span className="iot-diagnosis__verdict">{t(`iotCare.diagnosis.verdict.${check.verdict}`)}</span>
        </h3>
        <p className="iot-diagnosis__text" data-testid="diagnosis-text">
          {text}
        </p>
        {action ? (
          <Button
            size="small"
            color={check.verdict === 'fail' ? 'danger' : 'primary'}
            fill="outline"
            onClick={onAction}
            data-testid="diagnosis-action"
          >
            {actionLabel}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function DiagnosisResult({ diagnosis, simNo, rerun }: { diagnosis: Diagnosis; simNo: string; rerun: () => void }) {
  const { t, i18n } = useTranslation();
  const { sim, checks, at } = diagnosis;
  const runState = useCardStateAction(sim, simNo, async () => rerun());
  const stateLabel = useActionLabel(sim);
  const findingText = useFindingText(sim, at);
  const overall = overallVerdict(checks);
  const label = (action: DiagnosisAction) =>
    action.kind === 'state'
      ? stateLabel(action.action)
      : action.kind === 'rerun'
        ? t('iotCare.diagnosis.action.rerun')
        : t(`iotCare.diagnosis.action.${action.label}`);
  const run = (action: DiagnosisAction) => {
    if (action.kind === 'state') void runState(action.action);
    else if (action.kind === 'rerun') rerun();
    else navigateTo(action.path, action.query);
  };
  return (
    <>
      <section
        className={`iot-diagnosis__summary iot-diagnosis__summary--${overall}`}
        role="status"
        data-testid="diagnosis-summary"
        data-verdict={overall}
      >
        <p className="iot-diagnosis__headline">{t(`iotCare.diagnosis.summary.${overall}`)}</p>
        <p className="iot-diagnosis__at">
          {t('iotCare.diagnosis.checkedAt', { time: new Date(at).toLocaleTimeString(i18n.language) })}
        </p>
      </section>
      <ul className="iot-diagnosis__checks" aria-label={t('iotCare.diagnosis.entry')}>
        {checks.map((check) => {
          const action = diagnosisAction(check, sim, at);
          return (
            <CheckRow
              key={check.check}
              check={check}
              text={findingText(check)}
              action={action}
              actionLabel={action ? label(action) : ''}
              onAction={() => action && run(action)}
            />
          );
        })}
      </ul>
      <div className="iot-diagnosis__again">
        <Button block onClick={rerun} data-testid="diagnosis-rerun">
          {t('iotCare.diagnosis.rerun')}
        </Button>
      </div>
    </>
  );
}

function DiagnosisView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  usePageTitle(t('iotCare.diagnosis.entry'));
  const query = useQuery({
    queryKey: ['diagnosis', simNo],
    queryFn: async (): Promise<Diagnosis> => {
      const { data, syncing } = await refreshSim(simNo, 1);
      putSimInfo(client, simNo, data);
      const at = Date.now();
      return { sim: data, checks: diagnoseCard(data, at, !syncing), at };
    },
    gcTime: 0,
  });
  const rerun = () => void query.refetch();
  return (
    <div className="iot-diagnosis iot-page" data-testid="iot-diagnosis">
      {query.isFetching && !query.data ? (
        <p className="iot-diagnosis__checking" role="status">
          {t('iotCare.diagnosis.checking')}
        </p>
      ) : null}
      <PageState loading={query.isPending} error={query.error ?? undefined} onRetry={rerun} skeletonRows={7}>
        {query.data ? <DiagnosisResult diagnosis={query.data} simNo={simNo} rerun={rerun} /> : null}
      </PageState>
    </div>
  );
}

export function DiagnosisPage() {
  return <IotGuard>{(simNo) => <DiagnosisView key={simNo} simNo={simNo} />}</IotGuard>;
}
