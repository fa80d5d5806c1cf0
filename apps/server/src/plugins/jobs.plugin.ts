import fp from 'fastify-plugin';
import type { AppInstance } from '../app-instance.js';
import { InProcessJobs } from '../jobs/in-process-jobs.js';
import { openJobSender } from '../jobs/job-queue.js';
import type { JobSender } from '../services/jobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Where this app's services queue background jobs. JOB_RUNNER=in-process (and always in
     * embedded mode): an `InProcessJobs` this process runs, started by buildApp once the app is
     * ready; JOB_RUNNER=worker: pg-boss's queue in PostgreSQL, which `npm run worker` takes from.
     */
    jobs: JobSender;
  }
}

/** After the database (the pg-boss sender runs its own migrations there) and metrics; before the services. */
async function jobsPlugin(app: AppInstance): Promise<void> {
  const { config } = app;
  if (config.jobRunner === 'worker' && config.databaseUrl !== undefined) {
    const sender = await openJobSender(config.databaseUrl, (error) => app.log.error({ err: error }, 'job queue error'));
    app.decorate('jobs', sender);
    app.addHook('onClose', () => sender.close());
    return;
  }
  app.decorate('jobs', new InProcessJobs({ log: app.log, outcomes: app.metrics }));
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['database', 'metrics'] });
