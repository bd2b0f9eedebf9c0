/**
 * The generic UI defaults of SPEC §9 in one place: every carousel, long-press, preview, input, pull-to-refresh,
 * video and lazy page reads its number from here.
 */
import { GENERIC_TIMEOUT_MS, INPUT_MAX_LENGTH } from '@haoka/contract';

/** A lazy page shows its loading placeholder only after this delay. */
export const ASYNC_PAGE_DELAY_MS = 200;
/** A lazy page that has not arrived by then shows the connection-timeout placeholder. */
export const ASYNC_PAGE_TIMEOUT_MS = GENERIC_TIMEOUT_MS;
/** Carousel autoplay interval. */
export const SWIPER_INTERVAL_MS = 5000;
/** Carousel slide animation length. */
export const SWIPER_DURATION_MS = 500;
/** Pull distance (px) past which releasing refreshes. */
export const REFRESH_THRESHOLD = 45;
/** Distance (px) from the end at which a list loads its next page. */
export const SCROLL_THRESHOLD = 50;
/** Short vibration. */
export const VIBRATE_SHORT_MS = 15;
/** Video controls hide after this long without a touch while playing. */
export const VIDEO_CONTROLS_HIDE_MS = 3000;
/** Image preview zoom range. */
export const IMAGE_PREVIEW_MIN_SCALE = 1;
export const IMAGE_PREVIEW_MAX_SCALE = 4;
/** A press held this long is a long-press. */
export const LONG_PRESS_MS = 350;
/** Text inputs without their own limit take this many characters. */
export { INPUT_MAX_LENGTH };
