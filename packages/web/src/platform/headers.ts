/** The headers every request carries (SPEC §7, API.md §0 "Request headers"). */
import { useIotStore } from '../stores/iot';
import { useLayoutStore } from '../stores/layout';

function deviceInfo(): string {
  const s = typeof screen === 'undefined' ? { width: 0, height: 0 } : screen;
  return encodeURIComponent(
    JSON.stringify({
      brand: '',
      model: '',
      system: navigator.platform ?? '',
      platform: 'h5',
      screenWidth: s.width,
      screenHeight: s.height,
      pixelRatio: typeof devicePixelRatio === 'number' ? devicePixelRatio : 1,
    }),
  );
}

export function requestHeaders(): Record<string, string> {
  const layout = useLayoutStore.getState();
  const iot = useIotStore.getState();
  return {
    platform: 'h5',
    hostname: location.hostname,
    'device-info': deviceInfo(),
    'app-id': 'h5',
    'session-id': layout.sessionId,
    'order-session-id': layout.orderSessionId,
    'platform-source': '1',
    'platform-open-id': layout.platformOpenId,
    'app-show-options': encodeURIComponent(JSON.stringify(layout.appShowOptions)),
    'page-url': location.href,
    'sim-no': iot.simNo,
  };
}
