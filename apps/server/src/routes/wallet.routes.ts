import { getWallet } from '@cliffhanger/contract';
import { ok } from '../http/envelope.js';
import { registerEndpoint } from '../http/register-endpoint.js';
import { signedIn } from '../http/signed-in.js';
import type { AppInstance } from '../app-instance.js';

/** GET /wallet: balance, expiring coins and the ledger of the signed-in user. */
export function walletRoutes(app: AppInstance): void {
  const { walletHistory } = app.services;
  registerEndpoint(app, getWallet, async (req) => ok(await walletHistory.page(signedIn(req).userId, req.query)));
}
