/** Shop endpoints (SPEC §7 "Shop", API.md §2). */
import { z } from 'zod';
import { reasonIssue } from '../reason-issue.js';
import { baseConfig, DICT_TYPES, dictOption, genericConfig } from '../schemas/site.js';
import { defineEndpoint } from './define.js';

export const promoCode = z
  .string()
  .trim()
  .max(32)
  .regex(/^[0-9A-Za-z_-]*$/, { error: reasonIssue('promoCodeInvalid') });

export const getBaseConfig = defineEndpoint({
  method: 'GET',
  path: '/api/hk/baseConfig',
  input: z.object({ promoCode: promoCode.optional() }),
  data: baseConfig,
  auth: 'none',
});

export const getGenericConfig = defineEndpoint({
  method: 'GET',
  path: '/api/hk/genericConfig',
  input: z.object({}),
  data: genericConfig,
  auth: 'none',
});

export const getDictOptions = defineEndpoint({
  method: 'POST',
  path: '/api/dictData/options',
  input: z.object({
    types: z
      .array(z.string().min(1).max(64))
      .min(1, { error: reasonIssue('dictTypesRequired') })
      .max(30),
  }),
  data: z.record(z.string(), z.array(dictOption)),
  auth: 'none',
});

/** Every dictionary type the web loads at start (loadDomain). */
export const APP_DICT_TYPES = DICT_TYPES;
