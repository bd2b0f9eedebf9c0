import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatVideoTime, VideoPlayer } from './video-player';

/** jsdom has no media playback: play/pause only flip `paused` and fire the events a browser fires. */
beforeEach(() => {
  let paused = true;
  Object.defineProperty(HTMLMediaElement.prototype, 'paused', { configurable: true, get: () => paused });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    paused = false;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused = true;
    this.dispatchEvent(new Event('pause'));
  });
});

const player = () => screen.getByTestId('video-player');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('VideoPlayer', () => {
  it('paused → playing → paused with the toggle', () => {
    render(<VideoPlayer src="/v.mp4" />);
    expect(player().dataset.state).toBe('paused');
    expect(screen.getByTestId('video-toggle').getAttribute('aria-label')).toBe('播放');
    fireEvent.click(screen.getByTestId('video-toggle'));
    expect(player().dataset.state).toBe('playing');
    expect(screen.getByTestId('video-toggle').getAttribute('aria-label')).toBe('暂停');
    fireEvent.click(screen.getByTestId('video-toggle'));
    expect(player().dataset.state).toBe('paused');
  });

  it('while playing, the controls hide after 3 s without a touch; a tap brings them back; paused, they stay', () => {
    vi.useFakeTimers();
    render(<VideoPlayer src="/v.mp4" />);
    fireEvent.click(screen.getByTestId('video-toggle'));
    advance(2999);
    expect(player().dataset.controls).toBe('1');
    advance(1);
    expect(player().dataset.controls).toBe('0');
    fireEvent.click(screen.getByTestId('video-tap'));
    expect(player().dataset.controls).toBe('1');
    advance(2000);
    fireEvent.click(screen.getByTestId('video-tap'));
    advance(2999);
    expect(player().dataset.controls).toBe('1');
    advance(1);
    expect(player().dataset.controls).toBe('0');
    fireEvent.click(screen.getByTestId('video-tap'));
    fireEvent.click(screen.getByTestId('video-toggle'));
    expect(player().dataset.state).toBe('paused');
    advance(10_000);
    expect(player().dataset.controls).toBe('1');
  });

  it('seeking: dragging the bar moves the playhead and is seeking until the video has seeked', () => {
    render(<VideoPlayer src="/v.mp4" />);
    const video = screen.getByTestId('video') as HTMLVideoElement;
    Object.defineProperty(video, 'duration', { configurable: true, value: 125 });
    fireEvent(video, new Event('loadedmetadata'));
    expect(screen.getByTestId('video-seek').getAttribute('max')).toBe('125');
    fireEvent.change(screen.getByTestId('video-seek'), { target: { value: '65' } });
    expect(player().dataset.seeking).toBe('1');
    expect(video.currentTime).toBe(65);
    expect(screen.getByTestId('video-time').textContent).toBe('1:05');
    fireEvent(video, new Event('seeked'));
    expect(player().dataset.seeking).toBe('0');
    fireEvent(video, new Event('seeking'));
    expect(player().dataset.seeking).toBe('1');
  });

  it('fullscreen: enters on the button and follows the document leaving it', async () => {
    let fullscreenElement: Element | null = null;
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement });
    const requestFullscreen = vi.fn(function (this: Element) {
      fullscreenElement = this;
      document.dispatchEvent(new Event('fullscreenchange'));
      return Promise.resolve();
    });
    const exitFullscreen = vi.fn(() => {
      fullscreenElement = null;
      document.dispatchEvent(new Event('fullscreenchange'));
      return Promise.resolve();
    });
    Object.assign(HTMLElement.prototype, { requestFullscreen });
    Object.assign(document, { exitFullscreen });
    render(<VideoPlayer src="/v.mp4" />);
    expect(player().dataset.fullscreen).toBe('0');
    await act(async () => fireEvent.click(screen.getByTestId('video-fullscreen')));
    expect(requestFullscreen.mock.contexts[0]).toBe(player());
    expect(player().dataset.fullscreen).toBe('1');
    expect(screen.getByTestId('video-fullscreen').getAttribute('aria-label')).toBe('退出全屏');
    await act(async () => fireEvent.click(screen.getByTestId('video-fullscreen')));
    expect(exitFullscreen).toHaveBeenCalledTimes(1);
    expect(player().dataset.fullscreen).toBe('0');
    // Leaving by the system (back gesture, Esc) is followed too.
    await act(async () => fireEvent.click(screen.getByTestId('video-fullscreen')));
    fullscreenElement = null;
    act(() => void document.dispatchEvent(new Event('fullscreenchange')));
    expect(player().dataset.fullscreen).toBe('0');
  });

  it('a video that cannot load says so', () => {
    render(<VideoPlayer src="/missing.mp4" />);
    fireEvent(screen.getByTestId('video'), new Event('error'));
    expect(player().textContent).toContain('视频加载失败');
  });

  it('formats times as m:ss and h:mm:ss', () => {
    expect(formatVideoTime(0)).toBe('0:00');
    expect(formatVideoTime(Number.NaN)).toBe('0:00');
    expect(formatVideoTime(65.9)).toBe('1:05');
    expect(formatVideoTime(3725)).toBe('1:02:05');
  });
});
