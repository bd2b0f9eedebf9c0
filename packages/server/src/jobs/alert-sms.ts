/**
 * Card alert SMS (issue 25): an alert recorded during quiet hours (22:00–08:00 Shanghai) waits; every
 * minute the SMS whose time has come are sent, each claimed first so that it is sent once. The runner's
 * lease lets one instance run it at a time.
 */
import { sendDueAlertSms } from '../modules/iot-alerts/service.js';
import type { JobDefinition } from './runner.js';

export const ALERT_SMS_JOB = 'alert-sms';

export const alertSmsJob: JobDefinition = {
  name: ALERT_SMS_JOB,
  everyMs: 60_000,
  run: (ctx) => sendDueAlertSms(ctx).then(() => undefined),
};
