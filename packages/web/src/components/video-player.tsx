/**
 * The generic video player (SPEC §9): its own controls over a plain <video> — play/pause, a seek bar with
 * the time, full screen — in the states playing / paused, fullscreen and seeking. While it plays, the
 * controls hide 3 s after the last touch; a tap on the picture brings them back; paused, they stay.
 * The state is on the root's data attributes (data-state, data-fullscreen, data-seeking, data-controls).
 */

import { PlayOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { VIDEO_CONTROLS_HIDE_MS } from '../platform/ui-defaults';
import { ErrorBlock } from './error-block';
import './video-player.css';

export interface VideoPlayerProps {
  src: string;
  poster?: string;
  autoPlay?: boolean;
  className?: string;
  /** Prefix of the data-testids; `video` unless told. */
  testId?: string;
}

/** Seconds as m:ss (h:mm:ss from an hour). */
export function formatVideoTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

type WebkitVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void; webkitExitFullscreen?: () => void };

export function VideoPlayer({ src, poster, autoPlay = false, className, testId = 'video' }: VideoPlayerProps) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [playing, setPlaying] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [seeking, setSeeking] = useState(false);
  const [controls, setControls] = useState(true);
  const [failed, setFailed] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);

  /** Shows the controls; while playing they hide again after the delay. */
  const reveal = useCallback((isPlaying: boolean) => {
    setControls(true);
    clearTimeout(hideTimer.current);
    if (isPlaying) hideTimer.current = setTimeout(() => setControls(false), VIDEO_CONTROLS_HIDE_MS);
  }, []);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === root.current);
    // iOS Safari's own full screen of the video.
    const el = video.current;
    const onBegin = () => setFullscreen(true);
    const onEnd = () => setFullscreen(false);
    document.addEventListener('fullscreenchange', onChange);
    el?.addEventListener('webkitbeginfullscreen', onBegin);
    el?.addEventListener('webkitendfullscreen', onEnd);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      el?.removeEventListener('webkitbeginfullscreen', onBegin);
      el?.removeEventListener('webkitendfullscreen', onEnd);
    };
  }, []);

  const toggle = () => {
    const el = video.current;
    if (!el) return;
    if (el.paused) {
      // A refused play (autoplay policy) leaves the player paused with its play button.
      Promise.resolve(el.play()).catch(() => undefined);
    } else el.pause();
  };

  const toggleFullscreen = () => {
    reveal(playing);
    const el = video.current as WebkitVideo | null;
    if (fullscreen) {
      if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
      else el?.webkitExitFullscreen?.();
      return;
    }
    if (root.current?.requestFullscreen) void root.current.requestFullscreen().catch(() => undefined);
    // iOS Safari has full screen only on the video itself.
    else el?.webkitEnterFullscreen?.();
  };

  const seekTo = (seconds: number) => {
    const el = video.current;
    if (!el) return;
    setSeeking(true);
    setTime(seconds);
    el.currentTime = seconds;
  };

  return (
    <div
      ref={root}
      className={`video-player${fullscreen ? ' video-player--fullscreen' : ''}${className ? ` ${className}` : ''}`}
      data-testid={`${testId}-player`}
      data-state={playing ? 'playing' : 'paused'}
      data-fullscreen={fullscreen ? 1 : 0}
      data-seeking={seeking ? 1 : 0}
      data-controls={controls ? 1 : 0}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: the shop's videos (tasks, promotions) come without caption files */}
      <video
        ref={video}
        className="video-player__video"
        src={src}
        poster={poster}
        autoPlay={autoPlay}
        playsInline
        preload="metadata"
        webkit-playsinline="true"
        x5-playsinline="true"
        onPlay={() => {
          setPlaying(true);
          reveal(true);
        }}
        onPause={() => {
          setPlaying(false);
          reveal(false);
        }}
        onEnded={() => {
          setPlaying(false);
          reveal(false);
        }}
        onSeeking={() => setSeeking(true)}
        onSeeked={() => setSeeking(false)}
        onTimeUpdate={(e) => {
          if (!seeking) setTime(e.currentTarget.currentTime);
        }}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
        onError={() => setFailed(true)}
        data-testid={testId}
      />
      {/* A tap anywhere on the picture brings the controls back. */}
      <button
        type="button"
        className="video-player__tap"
        aria-label={playing ? t('ui.video.pause') : t('ui.video.play')}
        onClick={() => reveal(playing)}
        data-testid={`${testId}-tap`}
      />
      {failed ? (
        <ErrorBlock className="video-player__failed" status="disconnected" title={t('ui.video.failed')} />
      ) : null}
      <div
        className={`video-player__controls${controls ? '' : ' video-player__controls--hidden'}`}
        data-testid={`${testId}-controls`}
        aria-hidden={!controls}
      >
        <button
          type="button"
          className="video-player__button"
          onClick={() => {
            reveal(playing);
            toggle();
          }}
          aria-label={playing ? t('ui.video.pause') : t('ui.video.play')}
          data-testid={`${testId}-toggle`}
        >
          {playing ? <span className="video-player__pause" aria-hidden /> : <PlayOutline />}
        </button>
        <span className="video-player__time" data-testid={`${testId}-time`}>
          {formatVideoTime(time)}
        </span>
        <input
          type="range"
          className="video-player__seek"
          min={0}
          max={duration > 0 && Number.isFinite(duration) ? duration : 0}
          step={0.1}
          value={time}
          aria-label={t('ui.video.seek')}
          onChange={(e) => {
            reveal(playing);
            seekTo(Number(e.currentTarget.value));
          }}
          data-testid={`${testId}-seek`}
        />
        <span className="video-player__time">{formatVideoTime(duration)}</span>
        <button
          type="button"
          className="video-player__button"
          onClick={toggleFullscreen}
          aria-label={fullscreen ? t('ui.video.exitFullscreen') : t('ui.video.fullscreen')}
          data-testid={`${testId}-fullscreen`}
        >
          <span className={fullscreen ? 'video-player__shrink' : 'video-player__expand'} aria-hidden />
        </button>
      </div>
    </div>
  );
}
