/**
 * Every feature section of the catalogue, by its top-level key (`t('<key>.…')`). Add a line per
 * section file; the key must not clash with the base catalogue's (common, errors, clipboard, shell,
 * language).
 *
 * `SECTIONS` ship with the first screen. `LAZY_SECTIONS` are typed here but loaded with the routes that
 * use them: their feature registers them (`registerSection`) when its code loads, so the card's deeper
 * screens do not weigh on the shop's first screen. The layout modules' labels (`modules.ts`) are no
 * section: the card's module labels read them in every locale (features/iot-core/module-labels.ts).
 */
import { a11y } from './a11y';
import { dict } from './dict';
import { duration } from './duration';
import { goods } from './goods';
import { home } from './home';
import { lang } from './lang';
import { single } from './single';
import { text } from './text';
import { ui } from './ui';
import { user } from './user';
import { vanity } from './vanity';
import { webview } from './webview';

export const SECTIONS = {
  ui,
  a11y,
  goods,
  single,
  user,
  webview,
  vanity,
  home,
  dict,
  duration,
  lang,
  text,
} as const;

export interface LAZY_SECTIONS {
  iotCore: typeof import('./iot-core').iotCore;
  iotState: typeof import('./iot-core').iotState;
  iotLogin: typeof import('./iot-login').iotLogin;
  iotBuy: typeof import('./iot-buy').iotBuy;
  iotCare: typeof import('./iot-care').iotCare;
  iotRealname: typeof import('./iot-realname').iotRealname;
  iotMember: typeof import('./iot-member').iotMember;
  iotMall: typeof import('./iot-mall').iotMall;
  iotRewards: typeof import('./iot-rewards').iotRewards;
  iotUser: typeof import('./iot-user').iotUser;
  iotDevice: typeof import('./iot-device').iotDevice;
  wifi: typeof import('./wifi').wifi;
  platform: typeof import('./platform').platform;
  numberReviews: typeof import('./number-reviews').numberReviews;
  reasons: typeof import('./reasons').reasons;
  newVersion: typeof import('./new-version').newVersion;
  order: typeof import('./order').order;
  pretty: typeof import('./pretty').pretty;
  login: typeof import('./login').login;
  customer: typeof import('./customer').customer;
  content: typeof import('./content').content;
}
