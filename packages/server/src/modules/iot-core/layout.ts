/** Card-page layout (SPEC §3 SimLayout): a stored layout merged over the defaults (SPEC §9 maxMenuTimes 10). */
import { DEFAULT_SIM_SERVICE_NAME, DEFAULT_SIM_SERVICE_TITLE, type SimLayout } from '@haoka/contract';

export const DEFAULT_SIM_LAYOUT: SimLayout = {
  name: DEFAULT_SIM_SERVICE_NAME,
  logo: '',
  refreshSwitch: 1,
  packageLamp: 0,
  kefuUrl: '',
  notice: '',
  maxMenuTimes: 10,
  menus: [],
  carousels: [],
  popup: { switch: 0, title: '', content: '', audience: 'all' },
  tabBar: { switch: 0, middleBulge: 0, items: [] },
  user: {
    elements: [],
    carousels: [],
    maxMenuTimes: 10,
    service: { title: DEFAULT_SIM_SERVICE_TITLE, kefuUrl: '', mobile: '', qr: '' },
  },
};

type StoredLayout = Partial<Omit<SimLayout, 'popup' | 'tabBar' | 'user'>> & {
  popup?: Partial<SimLayout['popup']>;
  tabBar?: Partial<SimLayout['tabBar']>;
  user?: Partial<Omit<SimLayout['user'], 'service'>> & { service?: Partial<SimLayout['user']['service']> };
};

/** Stored values win field by field; a layout that is not JSON falls back to the defaults. */
export function mergeSimLayout(json: string | undefined): SimLayout {
  let stored: StoredLayout = {};
  try {
    const parsed = json ? JSON.parse(json) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed;
  } catch {
    stored = {};
  }
  const d = DEFAULT_SIM_LAYOUT;
  return {
    ...d,
    ...stored,
    popup: { ...d.popup, ...stored.popup },
    tabBar: { ...d.tabBar, ...stored.tabBar },
    user: {
      ...d.user,
      ...stored.user,
      service: { ...d.user.service, ...stored.user?.service },
    },
  } as SimLayout;
}
