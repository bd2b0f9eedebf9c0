/**
 * The one way a service refuses: a catalogue code, the reason (contract `reasons.ts`) and optional data.
 * The message is the reason's zh-Hans text with its `{{parameters}}` read from `data`; there is no way to
 * refuse with a free text, so every refusal carries a reason the client can localize.
 */
import { DEFAULT_REASONS, ErrorCode, type PreconditionData, type Reason } from '@haoka/contract';
import { reasonText } from '@haoka/contract/reasons';

export class AppError extends Error {
  readonly code: Exclude<ErrorCode, 0>;
  readonly reason: Reason;
  readonly data: unknown;
  /**
   * The HTTP status of the envelope: 200 for a business refusal; 401 or 403 for the staff console's
   * session and role refusals (`denied`), like the busy answer's 503 (ADR 0009).
   */
  readonly httpStatus: 200 | 401 | 403;
  constructor(
    code: Exclude<ErrorCode, 0>,
    reason: Reason = DEFAULT_REASONS[code],
    data: unknown = null,
    httpStatus: 200 | 401 | 403 = 200,
  ) {
    super(reasonText(reason, data));
    this.name = 'AppError';
    this.code = code;
    this.reason = reason;
    this.data = data;
    this.httpStatus = httpStatus;
  }

  /** The refusal in English (the CLI's language). */
  get english(): string {
    return reasonText(this.reason, this.data, 'en');
  }
}

/** Refusal with code -1 (a business rule, a missing resource). */
export function fail(reason: Reason, data: unknown = null): AppError {
  return new AppError(-1, reason, data);
}

/**
 * A staff console refusal answered with its HTTP status and the envelope (-1 and the reason): 401 without
 * a live session, 403 for a role, CSRF or pending-password refusal.
 */
export function denied(status: 401 | 403, reason: Reason): AppError {
  return new AppError(-1, reason, null, status);
}

/** 41002: a prerequisite step is missing; `data` names the step and carries the reason's text. */
export function preconditionRequired(action: PreconditionData['action'], reason: Reason): AppError {
  const data: PreconditionData = { action, message: reasonText(reason) };
  return new AppError(ErrorCode.PRECONDITION_REQUIRED, reason, data);
}
