import { z } from 'zod';

/** `/healthz` and `/readyz` live outside the API prefix; they still answer in the envelope. */
export const healthSchema = z.object({ status: z.literal('ok'), uptime_s: z.number() });
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.boolean(),
  /** The database holds every migration this build needs (`npm run migrate` has run). */
  migrations: z.boolean(),
  /** Ready, but set up in a way an operator should fix (e.g. `rate-limits-per-process`). */
  warnings: z.array(z.string()),
});
