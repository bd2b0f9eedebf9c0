/**
 * Outside production, every success `data` that `bindEndpoint` answers is checked against the endpoint's
 * data schema (docs/design.md, "Answers checked against the contract"). The check reads the answer as it
 * goes on the wire (JSON), so an `undefined` field or a Date counts as the client would see it. A breach
 * answers 500, is logged with the path of the bad field, and is recorded here so that the API test setup
 * (test/api-setup.ts) fails the test that caused it even when that test never looks at the answer.
 */
import type { Endpoint } from '@haoka/contract';
import type { z } from 'zod';
import type { AppConfig } from '../config.js';

export interface ContractBreach {
  /** `GET /api/…` */
  endpoint: string;
  /** The issues, each `path: message` (the path dotted, `(data)` for the whole answer). */
  issues: string[];
}

/** Breaches since the API test setup last read them (a test file runs in its own module graph). */
export const contractBreaches: ContractBreach[] = [];

export class AnswerBreaksContract extends Error {
  constructor(readonly breach: ContractBreach) {
    super(`answer breaks the contract of ${breach.endpoint}: ${breach.issues.join('; ')}`);
    this.name = 'AnswerBreaksContract';
  }
}

/** On unless in production; CHECK_ANSWERS=0 turns it off (the bench measures the server as shipped). */
export function answersChecked(config: AppConfig): boolean {
  return config.env !== 'production' && config.checkAnswers !== false;
}

export function issuePaths(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(data)';
    return `${path}: ${issue.message}`;
  });
}

/** Throws `AnswerBreaksContract` (and records it) when `json`, the data as sent, breaks the endpoint's data schema. */
export function checkAnswer(endpoint: Endpoint, json: string): void {
  const result = endpoint.data.safeParse(JSON.parse(json));
  if (result.success) return;
  const breach = { endpoint: `${endpoint.method} ${endpoint.path}`, issues: issuePaths(result.error) };
  contractBreaches.push(breach);
  throw new AnswerBreaksContract(breach);
}
