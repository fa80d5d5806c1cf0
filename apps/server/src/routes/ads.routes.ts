import { Code, getNextAd, postAdReward } from '@cliffhanger/contract';
import { ok } from '../http/envelope.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { requestLanguage } from '../http/request-language.js';
import { clientOf, signedIn } from '../http/signed-in.js';
import type { AppInstance } from '../app-instance.js';
import { adViewerOf } from '../services/ads/ads.service.js';

/** Ads: GET /ads/next, POST /ads/reward. */
export function adsRoutes(app: AppInstance): void {
  const { ads } = app.services;

  registerEndpoint(app, getNextAd, async (req) => {
    const viewer = adViewerOf(req.auth?.userId ?? null, clientOf(req));
    return ok(await ads.next(viewer, req.query, requestLanguage(undefined, req.headers['accept-language'])));
  });

  registerEndpoint(app, postAdReward, async (req) => {
    const outcome = await ads.reward(signedIn(req).userId, req.body.token);
    return ok(outcome.result, outcome.repeat ? { code: Code.ALREADY_OWNED, message: 'Already rewarded' } : {});
  });
}
