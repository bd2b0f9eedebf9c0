/**
 * The server's default message per envelope code: its default reason's zh-Hans text ('ok' for success).
 * Part of the `@haoka/contract/reasons` subpath with the reasons table, which the index leaves out so that
 * the web's first screen does not carry the table (docs/performance.md).
 */
import { DEFAULT_REASONS, ErrorCode } from './envelope.js';
import { REASONS } from './reasons.js';

export const DEFAULT_MESSAGES: Record<ErrorCode, string> = /* @__PURE__ */ defaultMessages();

function defaultMessages(): Record<ErrorCode, string> {
  return {
    [ErrorCode.OK]: 'ok',
    ...(Object.fromEntries(
      Object.entries(DEFAULT_REASONS).map(([code, reason]) => [code, REASONS[reason].zh]),
    ) as Record<Exclude<ErrorCode, 0>, string>),
  };
}
