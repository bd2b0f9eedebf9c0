/** IoT card session and card state (API.md §4: simLogin, simLoginConfig, simInfo, simRefresh, …). */
import { z } from 'zod';
import { reasonIssue } from '../reason-issue.js';
import { flag } from '../schemas/common.js';
import { simInfo } from '../schemas/iot.js';
import { SIM_NO_RE } from '../validators.js';
import { defineEndpoint } from './define.js';
import { promoCode } from './shop.js';
import { mobile, protocolDoc, smsCode } from './shop-order.js';

export const simLogin = defineEndpoint({
  method: 'POST',
  path: '/api/simLogin',
  input: z.object({
    simNo: z
      .string()
      .trim()
      .regex(SIM_NO_RE, { error: reasonIssue('simNoInvalid') }),
    password: z
      .string()
      .regex(/^\d{6}$/, { error: reasonIssue('cardPasswordFormat') })
      .optional(),
    agreeProtocol: z.literal(1, { error: reasonIssue('agreeProtocolFirst') }),
    protocolVersion: z.string().max(32).optional(),
  }),
  data: z.object({
    sessionId: z.string(),
    simNo: z.string(),
    sourceType: z.number().int(),
    operatorType: z.number().int(),
    cardPasswordMode: flag,
  }),
  auth: 'none',
});

export const getSimLoginConfig = defineEndpoint({
  method: 'GET',
  path: '/api/simLoginConfig',
  input: z.object({ promoCode: promoCode.optional() }),
  data: z.object({
    logo: z.string(),
    title: z.string(),
    placeholder: z.string(),
    needProtocol: flag,
    notice: z.string(),
    kefuUrl: z.string(),
    scanEnabled: flag,
  }),
  auth: 'none',
});

export const getIotLoginProtocol = defineEndpoint({
  method: 'GET',
  path: '/api/site/iotLoginProtocol',
  input: z.object({}),
  data: protocolDoc,
  auth: 'none',
});

export const getSimInfo = defineEndpoint({
  method: 'GET',
  path: '/api/iot/simInfo',
  input: z.object({}),
  data: simInfo,
  auth: 'card',
});

export const refreshSim = defineEndpoint({
  method: 'POST',
  path: '/api/iot/simRefresh',
  input: z.object({ force: z.union([z.literal(0), z.literal(1)]).default(0) }),
  data: simInfo,
  auth: 'card',
});

export const bindSimMobile = defineEndpoint({
  method: 'POST',
  path: '/api/iot/simBindMobile',
  input: z.object({ mobile, code: smsCode }),
  data: z.object({ mobile: z.string() }),
  auth: 'card',
});

export const removeSimBreak = defineEndpoint({
  method: 'POST',
  path: '/api/iot/simRemoveBreak',
  input: z.object({ breakRuleId: z.number().int().positive() }),
  data: simInfo,
  auth: 'card',
});

export const switchSimNet = defineEndpoint({
  method: 'POST',
  path: '/api/iot/simSwitchNet',
  input: z
    .object({
      operatorType: z.number().int().min(1).max(4).optional(),
      auto: z.union([z.literal(0), z.literal(1)]).optional(),
    })
    .refine((b) => (b.operatorType === undefined) !== (b.auto === undefined || b.auto === 0), {
      error: reasonIssue('netRequired'),
      path: ['operatorType'],
    }),
  data: z.object({ taskId: z.string(), queued: z.boolean(), expectSeconds: z.number().int() }),
  auth: 'card',
  module: 'switchNet',
});

export const getSimHistoryLine = defineEndpoint({
  method: 'GET',
  path: '/api/iot/simHistoryLine',
  input: z.object({
    type: z.enum(['day', 'month']).default('day'),
    days: z.coerce.number().int().min(7).max(90).default(30),
  }),
  data: z.object({
    type: z.enum(['day', 'month']),
    points: z.array(z.object({ date: z.string(), flow: z.number() })),
    totalFlow: z.number(),
    avgFlow: z.number(),
  }),
  auth: 'card',
});
