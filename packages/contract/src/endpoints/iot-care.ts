/** Card care (issue 25): the card holder's alerts and their in-app notices (用量提醒). */
import { z } from 'zod';
import { ALERT_EXPIRY_DAYS_MAX, ALERT_KINDS, ALERT_THRESHOLDS_MAX } from '../domain/card-alerts.js';
import { reasonIssue } from '../reason-issue.js';
import { dateTime, flag, id, money, pageOf, pageQuery } from '../schemas/common.js';
import { defineEndpoint } from './define.js';

const distinct = (list: number[]) => new Set(list).size === list.length;

const thresholdIssue = { error: reasonIssue('alertThresholdsInvalid') };
const daysIssue = { error: reasonIssue('alertExpiryDaysInvalid') };

const usageThresholds = z
  .array(z.number(thresholdIssue).int(thresholdIssue).min(1, thresholdIssue).max(100, thresholdIssue), thresholdIssue)
  .max(ALERT_THRESHOLDS_MAX, thresholdIssue)
  .refine(distinct, thresholdIssue);

const expiryDays = z
  .array(z.number(daysIssue).int(daysIssue).min(1, daysIssue).max(ALERT_EXPIRY_DAYS_MAX, daysIssue), daysIssue)
  .max(ALERT_THRESHOLDS_MAX, daysIssue)
  .refine(distinct, daysIssue);

const channels = z.object({ sms: z.boolean(), inApp: z.boolean() });

/** The alerts a card holder chose; `lowBalance` in yuan, null when off. */
export const alertSettings = z.object({
  usageThresholds,
  expiryDays,
  lowBalance: money.nullable(),
  channels,
});

export const getAlertSettings = defineEndpoint({
  method: 'GET',
  path: '/api/iot/alertSettings',
  input: z.object({}),
  /** `mobile`: the bound mobile, masked ('' when none: SMS cannot be chosen). */
  data: alertSettings.extend({ mobile: z.string() }),
  auth: 'card',
});

export const saveAlertSettings = defineEndpoint({
  method: 'POST',
  path: '/api/iot/alertSettings',
  /** An empty list or a null amount may be left out (the client drops empty values): that alert is off. */
  input: z.object({
    usageThresholds: usageThresholds.default([]),
    expiryDays: expiryDays.default([]),
    /** Yuan, up to 2 decimals, more than 0 and at most 10,000; null turns the alert off. */
    lowBalance: z
      .string()
      .trim()
      .regex(/^\d{1,5}(\.\d{1,2})?$/, { error: reasonIssue('alertBalanceInvalid') })
      .refine((v) => Number(v) > 0 && Number(v) <= 10_000, { error: reasonIssue('alertBalanceInvalid') })
      .nullable()
      .default(null),
    channels,
  }),
  data: alertSettings.extend({ mobile: z.string() }),
  auth: 'card',
});

/** One alert the card was sent: `threshold` is a percent (usage), days (expiry) or fen (balance). */
export const alertNotice = z.object({
  id,
  kind: z.enum(ALERT_KINDS),
  threshold: z.number().int(),
  /** The pool's or package's end date (`YYYY-MM-DD`) or month, or the balance episode. */
  period: z.string(),
  /** Balance alerts: the amount set, in yuan; null for the other kinds. */
  amount: money.nullable(),
  read: flag,
  createdAt: dateTime,
});

export const listAlertNotices = defineEndpoint({
  method: 'GET',
  path: '/api/iot/alertNotices',
  input: z.object({ ...pageQuery, unreadOnly: z.coerce.number().pipe(flag).default(0) }),
  /** Unread first, newest first; `unread` counts every unread notice. */
  data: pageOf(alertNotice).extend({ unread: z.number().int().min(0) }),
  auth: 'card',
});

export const markAlertNoticesRead = defineEndpoint({
  method: 'POST',
  path: '/api/iot/alertNoticesRead',
  input: z.object({ ids: z.array(id).min(1).max(50) }),
  data: z.object({ unread: z.number().int().min(0) }),
  auth: 'card',
});
