/**
 * The background job runner (API.md §7, ARCHITECTURE.md "Running and scaling"): every instance ticks
 * every job, but a run first takes the job's lease in `job_leases` with a conditional write, so exactly
 * one instance runs a job in a lease window; a crashed holder's lease runs out and another instance
 * takes over. Jobs must still be safe to repeat (they use conditional updates).
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';

export interface JobDefinition {
  /** Unique; the key of its lease. */
  name: string;
  everyMs: number;
  run(app: FastifyInstance): Promise<void>;
}

/** A lease never lasts less than this, so a short interval does not let two runs overlap. */
export const MIN_LEASE_MS = 30_000;

const jobs = new Map<string, JobDefinition>();

/** Adds (or replaces, by name) a job; modules call it when they register their routes. */
export function registerJob(job: JobDefinition): void {
  jobs.set(job.name, job);
}

export function registeredJobs(): JobDefinition[] {
  return [...jobs.values()];
}

interface RunnerState {
  /** Who holds leases for this app instance: one per process in production. */
  holder: string;
  timers: Set<NodeJS.Timeout>;
  running: Map<string, Promise<boolean>>;
  stopped: boolean;
}

const states = new WeakMap<FastifyInstance, RunnerState>();

function stateOf(app: FastifyInstance): RunnerState {
  let state = states.get(app);
  if (!state) {
    state = {
      holder: `${hostname().slice(0, 30)}:${process.pid}:${randomBytes(6).toString('hex')}`,
      timers: new Set(),
      running: new Map(),
      stopped: false,
    };
    states.set(app, state);
  }
  return state;
}

/** This instance's lease-holder id. */
export function jobHolderOf(app: FastifyInstance): string {
  return stateOf(app).holder;
}

/** Takes (or renews) the lease of `name` until `now + leaseMs`; false when another holder has it. */
async function acquireLease(app: FastifyInstance, name: string, holder: string, leaseMs: number): Promise<boolean> {
  const now = Date.now();
  const renewed = await app.db
    .updateTable('job_leases')
    .set({ holder, lease_until: now + leaseMs })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('lease_until', '<=', now), eb('holder', '=', holder)]))
    .executeTakeFirst();
  if (Number(renewed.numUpdatedRows) > 0) return true;
  const inserted = await app.db
    .insertInto('job_leases')
    .values({ name, holder, lease_until: now + leaseMs, last_run_at: null, last_error: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

async function recordRun(app: FastifyInstance, name: string, holder: string, error: string | null): Promise<void> {
  await app.db
    .updateTable('job_leases')
    .set({ last_run_at: Date.now(), last_error: error })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}

async function runLeased(app: FastifyInstance, job: JobDefinition): Promise<boolean> {
  const { holder } = stateOf(app);
  if (!(await acquireLease(app, job.name, holder, Math.max(job.everyMs, MIN_LEASE_MS)))) return false;
  let error: string | null = null;
  try {
    await job.run(app);
  } catch (err) {
    error = err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 2000) : String(err).slice(0, 2000);
    app.log.error({ err, job: job.name }, 'job failed');
  }
  await recordRun(app, job.name, holder, error);
  return true;
}

/** One leased run of a job, never two at once in this instance; true when this instance ran it. */
function runOnce(app: FastifyInstance, job: JobDefinition): Promise<boolean> {
  const state = stateOf(app);
  const current = state.running.get(job.name);
  if (current) return current.then(() => false);
  const run = runLeased(app, job).finally(() => state.running.delete(job.name));
  state.running.set(job.name, run);
  return run;
}

/** Runs a registered job now, through its lease (tests, CLI). True when this instance ran it. */
export function runJobOnce(app: FastifyInstance, name: string): Promise<boolean> {
  const job = jobs.get(name);
  if (!job) return Promise.reject(new Error(`unknown job: ${name}`));
  return runOnce(app, job);
}

/**
 * Ticks every registered job once the app is ready (when config.jobsEnabled is not false), and stops
 * before close (while the database is still open), waiting for runs in progress. Call once, while building the app.
 */
export function startJobs(app: FastifyInstance): void {
  const state = stateOf(app);
  app.addHook('onReady', async () => {
    if (app.config.jobsEnabled === false) return;
    for (const job of jobs.values()) {
      const tick = (delay: number) => {
        if (state.stopped) return;
        const timer = setTimeout(() => {
          state.timers.delete(timer);
          runOnce(app, job)
            .catch((err) => app.log.error({ err, job: job.name }, 'job lease failed'))
            .finally(() => tick(job.everyMs));
        }, delay);
        timer.unref();
        state.timers.add(timer);
      };
      // Instances started together spread their first runs.
      tick(Math.floor(Math.random() * Math.min(job.everyMs, 5_000)));
    }
    app.log.info({ jobs: [...jobs.keys()], holder: state.holder }, 'jobs started');
  });
  app.addHook('preClose', async () => {
    state.stopped = true;
    for (const timer of state.timers) clearTimeout(timer);
    state.timers.clear();
    await Promise.allSettled([...state.running.values()]);
  });
}
