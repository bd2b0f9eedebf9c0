/**
 * Log redaction (issue 9 "Observability"). Two layers, so no log line carries personal data whichever
 * code wrote it:
 * - pino `redact` paths censor the credentials a request carries (session and authorisation headers,
 *   cookies) wherever request headers are logged;
 * - every finished JSON line is parsed and walked before it is written: ID numbers (18 characters)
 *   and mainland mobiles (11 digits, 1[3-9]…) anywhere in it (messages, fields at any depth, URLs with
 *   their query strings, error messages and stacks) are masked the way the shop shows them, and the
 *   values of password-like fields and query parameters are replaced.
 */
import { maskIdCard, maskMobile } from '@haoka/contract';

/** Request and response headers that carry credentials. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["session-id"]',
  'req.headers["platform-open-id"]',
  'req.headers["x-metrics-token"]',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["session-id"]',
];

export const CENSOR = '[Redacted]';

/** An 18-character resident ID number, not part of a longer run of digits or letters. */
const ID_NUMBER_RE = /(?<![0-9A-Za-z])\d{17}[\dXx](?![0-9A-Za-z])/g;
/** A mainland mobile, optionally with the 86 country code, not part of a longer run of digits. */
const MOBILE_RE = /(?<!\d)((?:\+?86)?)(1[3-9]\d{9})(?!\d)/g;
/** Field names whose values are secrets. */
const SECRET_KEY = '[A-Za-z_]*(?:password|passwd|pwd|pay_?pass|paypass|secret)[A-Za-z_]*';
/** `"password":"…"` (any JSON string value, escapes included) or `"password":123456`. */
const SECRET_FIELD_RE = new RegExp(`("${SECRET_KEY}"\\s*:\\s*)(?:"(?:[^"\\\\]|\\\\.)*"|-?\\d+(?:\\.\\d+)?)`, 'gi');
/** `password=…` in a query string or form body inside a logged string. */
const SECRET_PARAM_RE = new RegExp(`([?&]${SECRET_KEY}=)[^&"\\s#]*`, 'gi');

/** The text with ID numbers, mobiles and secret values masked. */
export function maskPersonalData(text: string): string {
  return text
    .replace(SECRET_FIELD_RE, `$1"${CENSOR}"`)
    .replace(SECRET_PARAM_RE, `$1${CENSOR}`)
    .replace(ID_NUMBER_RE, (id) => maskIdCard(id))
    .replace(MOBILE_RE, (_all, prefix: string, mobile: string) => `${prefix}${maskMobile(mobile)}`);
}

const SECRET_KEY_RE = new RegExp(`^${SECRET_KEY}$`, 'i');

/** A parsed log record with every string (and mobile-like number) masked and secret fields censored. */
function maskValue(value: unknown, key: string): unknown {
  if (SECRET_KEY_RE.test(key) && value !== null && typeof value !== 'object') return CENSOR;
  if (typeof value === 'string') return maskPersonalData(value);
  if (typeof value === 'number') {
    const masked = maskPersonalData(String(value));
    return masked === String(value) ? value : masked;
  }
  if (Array.isArray(value)) return value.map((item) => maskValue(item, key));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = maskValue(v, k);
    return out;
  }
  return value;
}

/**
 * One log line masked: parsed and walked when it is JSON (so the line stays valid JSON and a number
 * that is a mobile becomes a masked string), otherwise masked as text.
 */
export function maskLogLine(line: string): string {
  const trimmed = line.trimEnd();
  if (trimmed.startsWith('{')) {
    try {
      const masked = JSON.stringify(maskValue(JSON.parse(trimmed), ''));
      return line.endsWith('\n') ? `${masked}\n` : masked;
    } catch {
      // Not JSON after all: mask the text.
    }
  }
  return maskPersonalData(line);
}

export interface LineDestination {
  write(line: string): unknown;
}

/** A pino destination that masks every line before handing it to `target` (stdout by default). */
export function redactingDestination(target: LineDestination = process.stdout): LineDestination {
  return {
    write(line: string) {
      return target.write(maskLogLine(line));
    },
  };
}
