/**
 * 任务中心 (SCREENS §4 task/index): the card's points with links to 积分明细 and 任务规则, the 7-day
 * sign-in strip (each day's points, signed days, today) with 签到, and the tasks (reward, progress,
 * 去完成 / 领取 / 已完成). 签到 and 领取 call generalSignIn; a refusal (今日已签到, 奖励已领取, 请先绑定手机号…)
 * is toasted by the request wrapper, and the list is reloaded either way. Empty: 暂无任务.
 */
import type { iotRewardsApi } from '@haoka/contract';
import { Button, Tag } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { ErrorBlock } from '../../../components/error-block';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { navigateTo, navigateUrl } from '../../../platform/navigation';
import { useQueryClient } from '../../../platform/query';
import { useAction } from '../../../platform/use-action';
import { simInfoQueryKey, useSimInfo } from '../../iot-core/api/get-sim-info';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { IotTabBar } from '../../iot-core/components/iot-tab-bar';
import { generalSignIn } from '../api/general-sign-in';
import { type TaskCenter, useTaskCenter } from '../api/get-task-center';
import { INTEGRAL_LOG_PATH, TASK_RULE_PATH } from '../paths';
import { REWARDS_KEY } from '../query-keys';
import { taskActionOf, taskTargetOf } from '../rewards-rules';
import './common.css';
import './task-center.css';
import '../i18n';

type TaskItem = iotRewardsApi.TaskItem;

/** After points moved: every rewards list and the card's cached state (its integral) are stale. */
function useAfterReward(simNo: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: [REWARDS_KEY] });
    void client.invalidateQueries({ queryKey: simInfoQueryKey(simNo) });
  };
}

/** Runs one reward call at a time; a refusal was already shown by the request wrapper. */
function useRewardAction(simNo: string) {
  const afterReward = useAfterReward(simNo);
  // A refusal (今日已签到, 奖励已领取, 请先绑定手机号…) is toasted by the request wrapper.
  const action = useAction((run: () => Promise<string>) => run(), {
    loading: true,
    onSuccess: (message) => showToast(message, { icon: 'success' }),
    onSettled: afterReward,
  });
  return action.run;
}

function SignCard({ sign, act }: { sign: TaskCenter['sign']; act: ReturnType<typeof useRewardAction> }) {
  const { t } = useTranslation();
  if (sign.enabled === 0) return null;
  const signIn = () =>
    act(async () => {
      const result = await generalSignIn({ taskCode: 'sign' });
      return t('iotRewards.task.signSuccess', { points: result.points });
    });
  return (
    <section className="rewards-card" data-testid="sign-card">
      <header className="rewards-card__head">
        <span className="rewards-card__title">
          <strong>{t('iotRewards.task.signTitle')}</strong>
          {sign.pointsFactor > 1 ? (
            <Tag color="warning" fill="outline" data-testid="sign-doubled">
              {t('iotRewards.task.doubled', { factor: sign.pointsFactor })}
            </Tag>
          ) : null}
        </span>
        <span className="rewards-muted" data-testid="sign-continuous">
          {sign.continuousDays > 0
            ? t('iotRewards.task.continuous', { count: sign.continuousDays })
            : t('iotRewards.task.notSigned')}
        </span>
      </header>
      <ol className="rewards-sign-strip" data-testid="sign-strip">
        {sign.days.map((day, i) => (
          <li
            key={day.date}
            className={`rewards-sign-day${day.signed ? ' rewards-sign-day--signed' : ''}${day.isToday ? ' rewards-sign-day--today' : ''}`}
            data-testid="sign-day"
            data-date={day.date}
            data-signed={day.signed}
            data-today={day.isToday}
          >
            <span className="rewards-sign-day__points">
              {day.signed ? <CheckOutline aria-hidden /> : `+${day.points}`}
            </span>
            <span className="rewards-sign-day__label">
              {day.isToday ? t('iotRewards.task.today') : t('iotRewards.task.day', { n: i + 1 })}
            </span>
          </li>
        ))}
      </ol>
      <Button
        block
        color="primary"
        shape="rounded"
        disabled={sign.todaySigned === 1}
        onClick={() => void signIn()}
        data-testid="sign-button"
      >
        {sign.todaySigned === 1 ? t('iotRewards.task.signed') : t('iotRewards.task.sign', { points: sign.todayPoints })}
      </Button>
    </section>
  );
}

function TaskRow({ task, act }: { task: TaskItem; act: ReturnType<typeof useRewardAction> }) {
  const { t } = useTranslation();
  const action = taskActionOf(task);
  const target = taskTargetOf(task);
  const onPress = () => {
    if (action === 'claim') {
      void act(async () => {
        const result = await generalSignIn({ taskCode: task.taskCode });
        return t('iotRewards.task.claimSuccess', { points: result.points });
      });
    } else if (action === 'go' && target) {
      if (/^https?:\/\//.test(target)) navigateUrl(target);
      else navigateTo(target);
    }
  };
  return (
    <article className="rewards-task" data-testid="task-row" data-code={task.taskCode} data-status={task.status}>
      {task.icon ? <img className="rewards-task__icon" src={task.icon} alt="" width={40} height={40} /> : null}
      <div className="rewards-task__body">
        <div className="rewards-task__title">
          <span data-shop-content data-testid="task-name">
            {task.name}
          </span>
          <strong className="rewards-points" data-testid="task-reward">
            {t('iotRewards.task.reward', { points: task.points })}
          </strong>
        </div>
        {task.desc ? (
          <div className="rewards-muted" data-shop-content>
            {task.desc}
          </div>
        ) : null}
        <div className="rewards-task__meta">
          <span className="rewards-tag">{t(`iotRewards.task.period.${task.period}`)}</span>
          {task.target > 1 ? (
            <span data-testid="task-progress">
              {t('iotRewards.task.progress', { progress: task.progress, target: task.target })}
            </span>
          ) : null}
          {task.period === 'daily' && task.dailyLimit > 1 ? (
            <span data-testid="task-claimed">
              {t('iotRewards.task.claimedToday', { claimed: task.claimed, limit: task.dailyLimit })}
            </span>
          ) : null}
        </div>
      </div>
      <Button
        size="small"
        shape="rounded"
        color={action === 'claim' ? 'warning' : 'primary'}
        fill={action === 'done' ? 'none' : 'solid'}
        disabled={action === 'done' || (action === 'go' && !target)}
        onClick={onPress}
        data-testid={`task-action-${task.taskCode}`}
      >
        {t(`iotRewards.task.${action}`)}
      </Button>
    </article>
  );
}

function TaskCenterView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const center = useTaskCenter(simNo);
  const info = useSimInfo(simNo);
  const act = useRewardAction(simNo);
  const sim = info.data && info.data.simNo === simNo ? info.data : undefined;
  return (
    <div className="rewards-page iot-page" data-testid="task-center-page">
      <PageState
        loading={center.isPending}
        error={center.isError ? center.error : undefined}
        onRetry={() => void center.refetch()}
        skeletonRows={8}
      >
        {center.data ? (
          <>
            <header className="rewards-hero">
              <div>
                <div className="rewards-hero__label">{t('iotRewards.task.myPoints')}</div>
                <div className="rewards-hero__value" data-testid="task-integral">
                  {center.data.integral}
                </div>
              </div>
              <div className="rewards-hero__links">
                <button type="button" onClick={() => navigateTo(INTEGRAL_LOG_PATH)} data-testid="task-points-log">
                  {t('iotRewards.task.pointsLog')}
                </button>
                <button type="button" onClick={() => navigateTo(TASK_RULE_PATH)} data-testid="task-rules">
                  {t('iotRewards.task.rules')}
                </button>
              </div>
            </header>
            <SignCard sign={center.data.sign} act={act} />
            <section className="rewards-card" data-testid="task-list">
              <header className="rewards-card__head">
                <strong>{t('iotRewards.task.tasksTitle')}</strong>
              </header>
              {center.data.tasks.length === 0 ? (
                <ErrorBlock status="empty" title={t('iotRewards.task.empty')} description="" data-testid="task-empty" />
              ) : (
                center.data.tasks.map((task) => <TaskRow key={task.taskCode} task={task} act={act} />)
              )}
            </section>
          </>
        ) : null}
      </PageState>
      {sim ? <IotTabBar tabBar={sim.simLayout.tabBar} /> : null}
    </div>
  );
}

export function TaskCenterPage() {
  return <IotGuard>{(simNo) => <TaskCenterView key={simNo} simNo={simNo} />}</IotGuard>;
}
