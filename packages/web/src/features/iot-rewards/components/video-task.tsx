/**
 * 视频任务 (SCREENS §4 task/landscape): plays the video of `?taskCode=` in landscape (the stage is turned
 * 90° while the phone is held upright), with its own controls that hide 3 s after the last touch (SPEC §9)
 * and no way to seek forward: a jump past the furthest point watched puts the playhead back, and the
 * playback rate stays 1. Once `watchSeconds` are watched, 领取奖励 → generalSignIn {taskCode, watchSeconds}.
 * The server also timed the watch from the page's start (taskVideoStart), so a claim cannot come sooner.
 * Leaving before the reward → 观看未完成，无法获得奖励.
 */
import { ErrorCode } from '@haoka/contract';
import { Button, ProgressBar } from 'antd-mobile';
import { PlayOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { PageState } from '../../../components/page-state';
import { useTranslation } from '../../../i18n/react';
import { showToast } from '../../../platform/feedback';
import { useQueryClient } from '../../../platform/query';
import { ApiError } from '../../../platform/request';
import { VIDEO_CONTROLS_HIDE_MS } from '../../../platform/ui-defaults';
import { useAction } from '../../../platform/use-action';
import { usePageQuery } from '../../../platform/use-page-query';
import { simInfoQueryKey } from '../../iot-core/api/get-sim-info';
import { IotGuard } from '../../iot-core/components/iot-guard';
import { generalSignIn } from '../api/general-sign-in';
import { useVideoTask, type VideoTask } from '../api/start-task-video';
import { REWARDS_KEY } from '../query-keys';
import { watchProgress } from '../rewards-rules';
import './video-task.css';
import '../i18n';

/** SPEC §9: video controls hide after 3 s. */
export const CONTROLS_HIDE_MS = VIDEO_CONTROLS_HIDE_MS;

function VideoPlayer({ task, simNo }: { task: VideoTask; simNo: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const videoRef = useRef<HTMLVideoElement>(null);
  const maxWatched = useRef(0);
  const claimedRef = useRef(task.status === 2);
  const mounted = useRef(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [watched, setWatched] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [controls, setControls] = useState(true);
  const [claimed, setClaimed] = useState(task.status === 2);
  const [failed, setFailed] = useState(false);
  const total = task.watchSeconds;
  const watchedSeconds = Math.min(total, Math.floor(watched));
  const done = watched >= total;

  const revealControls = () => {
    setControls(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setControls(false), CONTROLS_HIDE_MS);
  };

  // Leaving without the reward tells why. StrictMode's trial unmount is followed at once by a remount,
  // so the check waits a tick and speaks only if the page is really gone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit of the page
  useEffect(() => {
    mounted.current = true;
    revealControls();
    return () => {
      mounted.current = false;
      clearTimeout(hideTimer.current);
      setTimeout(() => {
        if (!mounted.current && !claimedRef.current && maxWatched.current < total) {
          showToast(t('iotRewards.video.leaveEarly'));
        }
      }, 0);
    };
  }, []);

  /** Follows the playhead; a seek forward is put back to the furthest point watched. */
  const follow = () => {
    const video = videoRef.current;
    if (!video) return;
    const next = watchProgress(maxWatched.current, video.currentTime);
    if (next.rewindTo !== null) {
      video.currentTime = next.rewindTo;
      showToast(t('iotRewards.video.noSeek'));
    }
    maxWatched.current = next.watched;
    setWatched(next.watched);
  };

  const toggle = () => {
    const video = videoRef.current;
    revealControls();
    if (!video) return;
    if (video.paused) {
      Promise.resolve(video.play()).catch(() => {
        // autoplay refused: the play button stays, the holder taps it
      });
    } else video.pause();
  };

  const claiming = useAction(
    () => generalSignIn({ taskCode: task.taskCode, watchSeconds: Math.floor(maxWatched.current) }),
    {
      loading: true,
      onSuccess: (result) => {
        claimedRef.current = true;
        setClaimed(true);
        showToast(t('iotRewards.video.claimSuccess', { points: result.points }), { icon: 'success' });
        void client.invalidateQueries({ queryKey: [REWARDS_KEY, 'taskCenter'] });
        void client.invalidateQueries({ queryKey: simInfoQueryKey(simNo) });
      },
      onError: (error) => {
        // 奖励已领取: nothing more to take today.
        if (error instanceof ApiError && error.code === ErrorCode.FAIL && error.reason === 'alreadyClaimed') {
          claimedRef.current = true;
          setClaimed(true);
        }
      },
    },
  );

  const claim = async () => {
    if (!claimedRef.current) await claiming.run();
  };

  return (
    <div className="rewards-landscape" data-testid="video-task-page">
      <div className="rewards-landscape__stage">
        <video
          ref={videoRef}
          className="rewards-landscape__video"
          src={task.videoUrl}
          autoPlay
          muted
          playsInline
          preload="auto"
          disablePictureInPicture
          controlsList="nodownload noplaybackrate noremoteplayback"
          webkit-playsinline="true"
          x5-playsinline="true"
          onTimeUpdate={follow}
          onSeeking={follow}
          onRateChange={(e) => {
            if (e.currentTarget.playbackRate !== 1) e.currentTarget.playbackRate = 1;
          }}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onError={() => setFailed(true)}
          data-testid="task-video"
        />
        {/* A tap anywhere on the picture brings the controls back. */}
        <button
          type="button"
          className="rewards-landscape__tap"
          aria-label={t('iotRewards.video.showControls')}
          onClick={revealControls}
          data-testid="video-tap"
        />
        <div className="rewards-landscape__top">
          <span className="rewards-landscape__name">{task.name}</span>
          <span className="rewards-landscape__pill" data-testid="video-watched" data-done={done ? 1 : 0}>
            {t('iotRewards.video.watched', { watched: watchedSeconds, total })}
          </span>
        </div>
        {failed ? (
          <div className="rewards-landscape__notice" data-testid="video-failed">
            {t('iotRewards.video.loadFailed')}
          </div>
        ) : null}
        <div
          className={`rewards-landscape__controls${controls ? '' : ' rewards-landscape__controls--hidden'}`}
          data-testid="video-controls"
          data-visible={controls ? 1 : 0}
        >
          <button
            type="button"
            className="rewards-landscape__play"
            onClick={(e) => {
              e.stopPropagation();
              toggle();
            }}
            aria-label={playing ? t('iotRewards.video.pause') : t('iotRewards.video.play')}
            data-testid="video-toggle"
          >
            {playing ? <span className="rewards-landscape__pause" aria-hidden /> : <PlayOutline />}
          </button>
          <ProgressBar
            className="rewards-landscape__progress"
            percent={total > 0 ? Math.min(100, (watched / total) * 100) : 100}
          />
        </div>
        <div className="rewards-landscape__claim">
          <span className="rewards-landscape__tip">
            {claimed
              ? t('iotRewards.video.claimed')
              : t('iotRewards.video.tip', { seconds: total, points: task.points })}
          </span>
          <Button
            color="warning"
            shape="rounded"
            size="small"
            disabled={!done || claimed}
            onClick={(e) => {
              e.stopPropagation();
              void claim();
            }}
            data-testid="video-claim"
          >
            {claimed ? t('iotRewards.video.claimed') : t('iotRewards.video.claim')}
          </Button>
        </div>
      </div>
    </div>
  );
}

function VideoTaskView({ simNo }: { simNo: string }) {
  const { t } = useTranslation();
  const taskCode = usePageQuery().taskCode ?? '';
  const task = useVideoTask(simNo, taskCode);
  const refused = task.error instanceof ApiError && task.error.status === 200 && task.error.code === ErrorCode.FAIL;
  return (
    <PageState
      loading={taskCode !== '' && task.isPending}
      error={task.isError && !refused ? task.error : undefined}
      empty={taskCode === '' || refused}
      emptyText={(refused && (task.error as ApiError).text) || t('iotRewards.video.missing')}
      onRetry={() => void task.refetch()}
    >
      {task.data ? <VideoPlayer task={task.data} simNo={simNo} /> : null}
    </PageState>
  );
}

export function VideoTaskPage() {
  return <IotGuard>{(simNo) => <VideoTaskView key={simNo} simNo={simNo} />}</IotGuard>;
}
