/**
 * Timed work of VIP and acceleration (API.md §7), each run under the job runner's lease: runs ended and
 * started (with the operator's speed profiles), and unpaid orders closed after 15 minutes.
 */
import type { JobDefinition } from '../../jobs/runner.js';
import { closeExpiredMemberOrders, runMemberLifecycle } from './lifecycle.js';

export const MEMBER_JOBS: JobDefinition[] = [
  { name: 'iot-member-lifecycle', everyMs: 60_000, run: (ctx) => runMemberLifecycle(ctx) },
  {
    name: 'iot-member-timeout',
    everyMs: 60_000,
    run: (ctx) => closeExpiredMemberOrders(ctx).then(() => undefined),
  },
];
