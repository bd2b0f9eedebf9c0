/** `jobs status`: the background jobs' last and next runs and their failures (jobs/status.ts). */
import { jobsStatusReport } from '../jobs/status.js';
import { type Command, EXIT, UsageError } from './types.js';

export const jobs: Command = {
  name: 'jobs',
  summary: 'show the background jobs: last run, next run, lease holder, failures',
  help: `Usage: haoka jobs status

For every timed job: its interval, the last run (start, duration, outcome), the next run, the instance
holding its lease, and its failures. Jobs appear once an instance has started with JOBS_ENABLED=1.
`,
  async run(args, ctx) {
    if (args.length !== 1 || args[0] !== 'status') throw new UsageError('the only jobs command is status');
    return ctx.withDb(async (db) => {
      ctx.out(await jobsStatusReport(db));
      return EXIT.ok;
    });
  },
};
