import { describe, expect, it } from 'vitest';
import * as defaults from './ui-defaults';

describe('generic UI defaults (SPEC §9)', () => {
  it('pins every number', () => {
    expect({ ...defaults }).toEqual({
      ASYNC_PAGE_DELAY_MS: 200,
      ASYNC_PAGE_TIMEOUT_MS: 60_000,
      SWIPER_INTERVAL_MS: 5000,
      SWIPER_DURATION_MS: 500,
      REFRESH_THRESHOLD: 45,
      SCROLL_THRESHOLD: 50,
      VIBRATE_SHORT_MS: 15,
      VIDEO_CONTROLS_HIDE_MS: 3000,
      IMAGE_PREVIEW_MIN_SCALE: 1,
      IMAGE_PREVIEW_MAX_SCALE: 4,
      LONG_PRESS_MS: 350,
      INPUT_MAX_LENGTH: 140,
    });
  });
});
