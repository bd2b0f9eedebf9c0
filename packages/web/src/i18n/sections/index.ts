/**
 * Every feature section of the catalogue, by its top-level key (`t('<key>.…')`). Add a line per
 * section file; the key must not clash with the base catalogue's (common, errors, clipboard, shell,
 * language).
 */
import { content } from './content';
import { customer } from './customer';
import { goods } from './goods';
import { home } from './home';
import { iot } from './iot';
import { iotAuth } from './iot-auth';
import { iotMoney } from './iot-money';
import { iotPackage } from './iot-package';
import { login } from './login';
import { order } from './order';
import { pretty } from './pretty';
import { single } from './single';
import { ui } from './ui';
import { user } from './user';
import { vanity } from './vanity';
import { webview } from './webview';

export const SECTIONS = {
  ui,
  goods,
  content,
  customer,
  single,
  user,
  webview,
  vanity,
  pretty,
  home,
  order,
  login,
  iot,
  iotPackage,
  iotMoney,
  iotAuth,
} as const;
