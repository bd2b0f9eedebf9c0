/** Real-name authentication of a card (API.md §4 simOfficialAuth, deviceOfficialAuth, simPlatformAuth; §6 upload). */
import { z } from 'zod';
import { reasonIssue } from '../reason-issue.js';
import { dateTime } from '../schemas/common.js';
import { officialAuthEntry } from '../schemas/iot.js';
import { isIdCard, PERSON_NAME_RE, SIM_NO_RE } from '../validators.js';
import { defineEndpoint } from './define.js';

export const getOfficialAuth = defineEndpoint({
  method: 'GET',
  path: '/api/iot/simOfficialAuth',
  input: z.object({}),
  data: officialAuthEntry,
  auth: 'card',
});

export const getDeviceOfficialAuth = defineEndpoint({
  method: 'GET',
  path: '/api/iot/deviceOfficialAuth',
  input: z.object({ viceSimNo: z.string().regex(SIM_NO_RE, { error: reasonIssue('viceSimNoInvalid') }) }),
  data: officialAuthEntry.extend({ viceSimNo: z.string() }),
  auth: 'card',
});

/** An uploaded image key (POST /api/upload answers it). */
const imageKey = z.string().regex(/^[a-z0-9]{8,64}\.(jpg|png|webp)$/, { error: reasonIssue('photoReupload') });

export const submitPlatformAuth = defineEndpoint({
  method: 'POST',
  path: '/api/iot/simPlatformAuth',
  input: z.object({
    name: z
      .string()
      .trim()
      .regex(PERSON_NAME_RE, { error: reasonIssue('realNameInvalid') }),
    idCard: z
      .string()
      .trim()
      .refine((v) => isIdCard(v), { error: reasonIssue('idCardInvalid') })
      .transform((s) => s.toUpperCase()),
    frontImage: imageKey.optional(),
    backImage: imageKey.optional(),
    faceImage: imageKey.optional(),
  }),
  data: z.object({ authPlatformStatus: z.number().int().min(0).max(3), remark: z.string() }),
  auth: 'card',
});

/** ADDED: the card's platform real-name state, for the form and the result view. */
export const getPlatformAuth = defineEndpoint({
  method: 'GET',
  path: '/api/iot/simPlatformAuthInfo',
  input: z.object({}),
  data: z.object({
    /** 0 未实名, 1 已实名, 2 审核中, 3 认证失败. */
    authPlatformStatus: z.number().int().min(0).max(3),
    /** 1 name + ID, 2 + ID photos, 3 + a face photo. */
    platformAuthType: z.number().int().min(1).max(3),
    /** Masked: 张*, 110101********1234; '' before a submission. */
    name: z.string(),
    idCardMasked: z.string(),
    remark: z.string(),
    submittedAt: dateTime.nullable(),
  }),
  auth: 'card',
});

/** POST /api/upload answers this (multipart, so not declared as a JSON endpoint). */
export const uploadResult = z.object({ url: z.string(), key: z.string(), size: z.number().int() });
export type UploadResult = z.infer<typeof uploadResult>;
export const UPLOAD_PATH = '/api/upload';
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
