/**
 * Setup of every API test file: an answer that broke its contract (http/answer-check.ts) fails the test
 * during which it was answered, naming the endpoint and the path of the bad field, even when the test
 * never looked at that answer. A breach answered while a file's `beforeAll` ran fails its first test.
 */
import { afterEach, expect } from 'vitest';
import { contractBreaches } from '../http/answer-check.js';

afterEach(() => {
  const breaches = contractBreaches.splice(0);
  expect(
    breaches.map((b) => `${b.endpoint}: ${b.issues.join('; ')}`),
    'answers that break their contract (packages/contract/src/endpoints)',
  ).toEqual([]);
});
