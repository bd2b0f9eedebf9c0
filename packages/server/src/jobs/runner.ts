/**
 * The background job runner (API.md §7, ARCHITECTURE.md "Running and scaling"): every instance ticks
 * every job, but a run first takes the job's lease in `job_leases` with a conditional write, so exactly
 * one instance runs a job in a lease window; a crashed holder's lease runs out and another instance
 * takes over. Jobs must still be safe to repeat (they use conditional updates). Each run is recorded on
 * the lease row and in `job_runs` (what `jobs status` shows) and counted in GET /metrics.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context/app-context.js';
import * as repo from './repository.js';

export interface JobDefinition {
  /** Unique; the key of its lease. */
  name: string;
  everyMs: number;
  run(ctx: AppContext): Promise<void>;
}

/** A lease never lasts less than this (JOBS_MIN_LEASE_MS), so a short interval does not let two runs overlap. */
export const MIN_LEASE_MS = 30_000;

/** How long `job_runs` keeps a run. */
export const JOB_RUNS_KEPT_MS = 7 * 24 * 3600_000;

/** The job's interval in this instance: its own, unless JOBS_INTERVAL_MS overrides every job's. */
export function intervalOf(ctx: AppContext, job: JobDefinition): number {
  return ctx.config.jobs?.intervalMs ?? job.everyMs;
}

function leaseMsOf(ctx: AppContext, job: JobDefinition): number {
  return Math.max(intervalOf(ctx, job), ctx.config.jobs?.minLeaseMs ?? MIN_LEASE_MS);
}

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

const states = new WeakMap<AppContext, RunnerState>();

function stateOf(ctx: AppContext): RunnerState {
  let state = states.get(ctx);
  if (!state) {
    state = {
      holder: `${hostname().slice(0, 30)}:${process.pid}:${randomBytes(6).toString('hex')}`,
      timers: new Set(),
      running: new Map(),
      stopped: false,
    };
    states.set(ctx, state);
  }
  return state;
}

/** This instance's lease-holder id. */
export function jobHolderOf(ctx: AppContext): string {
  return stateOf(ctx).holder;
}

/**
 * Takes (or renews) the lease of `name` until `now + leaseMs`; the time it was taken (the run's start),
 * or null when another holder has it.
 */
async function acquireLease(ctx: AppContext, name: string, holder: string, leaseMs: number): Promise<number | null> {
  const now = Date.now();
  if (await repo.renewLease(ctx.db, name, holder, now, now + leaseMs)) return now;
  return (await repo.insertLease(ctx.db, name, holder, now + leaseMs)) ? now : null;
}

interface FinishedRun {
  job: JobDefinition;
  holder: string;
  startedAt: number;
  error: string | null;
}

/** The run on the lease row (while this instance still holds it) and in the run history. */
async function recordRun(ctx: AppContext, run: FinishedRun): Promise<void> {
  const finishedAt = Date.now();
  const everyMs = intervalOf(ctx, run.job);
  const failed = run.error !== null;
  await repo.recordRunOnLease(ctx.db, {
    name: run.job.name,
    holder: run.holder,
    startedAt: run.startedAt,
    finishedAt,
    everyMs,
    error: run.error,
  });
  await repo.insertRun(ctx.db, {
    job: run.job.name,
    holder: run.holder,
    started_at: run.startedAt,
    finished_at: finishedAt,
    outcome: failed ? 'failed' : 'ok',
    error: run.error,
  });
  await repo.deleteRunsBefore(ctx.db, run.job.name, finishedAt - JOB_RUNS_KEPT_MS);
}

async function runLeased(ctx: AppContext, job: JobDefinition): Promise<boolean> {
  const { holder } = stateOf(ctx);
  const startedAt = await acquireLease(ctx, job.name, holder, leaseMsOf(ctx, job));
  if (startedAt === null) return false;
  let error: string | null = null;
  try {
    await job.run(ctx);
  } catch (err) {
    error = err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 2000) : String(err).slice(0, 2000);
    ctx.log.error({ err, job: job.name }, 'job failed');
  }
  ctx.metrics.jobRun(job.name, error === null ? 'ok' : 'failed');
  await recordRun(ctx, { job, holder, startedAt, error });
  return true;
}

/** Lease rows for jobs that never ran, so `jobs status` lists every job from the first start. */
async function announceJobs(ctx: AppContext, firstRuns: Map<string, number>): Promise<void> {
  for (const job of jobs.values()) {
    await repo.announceJob(ctx.db, job.name, intervalOf(ctx, job), firstRuns.get(job.name) ?? null);
  }
}

/** One leased run of a job, never two at once in this instance; true when this instance ran it. */
function runOnce(ctx: AppContext, job: JobDefinition): Promise<boolean> {
  const state = stateOf(ctx);
  const current = state.running.get(job.name);
  if (current) return current.then(() => false);
  const run = runLeased(ctx, job).finally(() => state.running.delete(job.name));
  state.running.set(job.name, run);
  return run;
}

/** Runs a registered job now, through its lease (tests, CLI). True when this instance ran it. */
export function runJobOnce(ctx: AppContext, name: string): Promise<boolean> {
  const job = jobs.get(name);
  if (!job) return Promise.reject(new Error(`unknown job: ${name}`));
  return runOnce(ctx, job);
}

/**
 * Ticks every registered job once the app is ready (when config.jobsEnabled is not false), and stops
 * before close (while the database is still open), waiting for runs in progress. Call once, while building the app.
 */
export function startJobs(app: FastifyInstance): void {
  const { ctx } = app;
  const state = stateOf(ctx);
  app.addHook('onReady', async () => {
    if (ctx.config.jobsEnabled === false) return;
    const firstRuns = new Map<string, number>();
    for (const job of jobs.values()) {
      const everyMs = intervalOf(ctx, job);
      const tick = (delay: number) => {
        if (state.stopped) return;
        const timer = setTimeout(() => {
          state.timers.delete(timer);
          runOnce(ctx, job)
            .catch((err) => ctx.log.error({ err, job: job.name }, 'job lease failed'))
            .finally(() => tick(everyMs));
        }, delay);
        timer.unref();
        state.timers.add(timer);
      };
      // Instances started together spread their first runs.
      const delay = Math.floor(Math.random() * Math.min(everyMs, 5_000));
      firstRuns.set(job.name, Date.now() + delay);
      tick(delay);
    }
    await announceJobs(ctx, firstRuns).catch((err) => ctx.log.warn({ err }, 'could not list the jobs'));
    ctx.log.info({ jobs: [...jobs.keys()], holder: state.holder }, 'jobs started');
  });
  app.addHook('preClose', async () => {
    state.stopped = true;
    for (const timer of state.timers) clearTimeout(timer);
    state.timers.clear();
    await Promise.allSettled([...state.running.values()]);
    if (ctx.config.jobsEnabled !== false) await releaseLeases(ctx, state.holder);
  });
}

/**
 * Hands this instance's leases back (a graceful stop), so another instance takes the jobs over at its
 * next tick instead of waiting for the leases to run out. A database that cannot be reached now leaves
 * them to run out, as after a crash.
 */
async function releaseLeases(ctx: AppContext, holder: string): Promise<void> {
  const now = Date.now();
  await repo.releaseLeases(ctx.db, holder, now).then(
    (released) => ctx.log.info({ holder, released }, 'job leases released'),
    (err: unknown) => ctx.log.warn({ err, holder }, 'job leases not released: they run out on their own'),
  );
}
