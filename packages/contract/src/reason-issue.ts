/**
 * `reasonIssue`, apart from the reasons table (reasons.ts) so that a schema naming a reason does not
 * bring the table's texts with it into a bundle (the web's first screen).
 */
import type { Reason } from './reasons.js';

/**
 * The message of a schema issue that answers with a reason: `z.string().regex(RE, { error:
 * reasonIssue('mobileInvalid') })`. The server's input validation turns it into that reason and its text.
 */
export function reasonIssue(reason: Reason): string {
  return reason;
}
