import { claimTask, Code, getTasks, postTaskCheckin, postTaskShare } from '@cliffhanger/contract';
import { ok } from '../http/envelope.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { signedIn } from '../http/signed-in.js';
import type { AppInstance } from '../app-instance.js';

/** Check-in, tasks and shares: POST /task/checkin, GET /task, POST /task/:key/claim, POST /task/share. */
export function rewardsRoutes(app: AppInstance): void {
  const { checkin, tasks, shares } = app.services;

  registerEndpoint(app, postTaskCheckin, async (req) => {
    const outcome = await checkin.checkIn(signedIn(req).userId);
    return ok(
      outcome.result,
      outcome.repeat ? { code: Code.ALREADY_DONE_TODAY, message: 'Already checked in today' } : {},
    );
  });

  registerEndpoint(app, getTasks, async (req) => ok(await tasks.overview(req.auth?.userId ?? null)));

  registerEndpoint(app, claimTask, async (req) => {
    const outcome = await tasks.claim(signedIn(req).userId, req.params.key);
    return ok(outcome.result, outcome.repeat ? { code: Code.ALREADY_OWNED, message: 'Already claimed' } : {});
  });

  registerEndpoint(app, postTaskShare, async (req) => ok(await shares.record(signedIn(req).userId, req.body)));
}
