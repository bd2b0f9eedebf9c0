/** The one way a service refuses: a catalogue code, an optional message and optional data. */
import { DEFAULT_MESSAGES, type ErrorCode } from '@haoka/contract';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly data: unknown;
  constructor(code: ErrorCode, message?: string, data: unknown = null) {
    super(message ?? DEFAULT_MESSAGES[code]);
    this.name = 'AppError';
    this.code = code;
    this.data = data;
  }
}

/** Refusal with code -1 (a business rule, a missing resource). */
export function fail(message: string, data: unknown = null): AppError {
  return new AppError(-1, message, data);
}
