import { envelopeSchema, healthSchema, readinessSchema } from '@cliffhanger/contract';
import { ok } from '../http/envelope.js';
import type { AppInstance } from '../app-instance.js';
import { HealthService } from '../services/health.service.js';

/** Probes for process managers and load balancers, outside the API prefix, in the envelope like everything else. */
export function healthRoutes(app: AppInstance): void {
  const service = new HealthService(app.database, app.config, app.services.rateLimiter);

  app.get(
    '/healthz',
    { schema: { summary: 'Liveness', tags: ['health'], response: { 200: envelopeSchema(healthSchema) } } },
    () => ok(service.liveness()),
  );

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Readiness: the database answers and holds this build\'s migrations',
        tags: ['health'],
        response: { 200: envelopeSchema(readinessSchema), 503: envelopeSchema(readinessSchema) },
      },
    },
    async () => ok(await service.readiness()),
  );
}
