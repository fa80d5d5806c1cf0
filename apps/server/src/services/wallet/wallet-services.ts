import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { DramasRepository } from '../../repositories/dramas.repository.js';
import { EntitlementsRepository } from '../../repositories/entitlements.repository.js';
import { EpisodesRepository } from '../../repositories/episodes.repository.js';
import { UnlockContextRepository } from '../../repositories/unlock-context.repository.js';
import { WalletEntriesRepository } from '../../repositories/wallet-entries.repository.js';
import { WalletLedgerRepository } from '../../repositories/wallet-ledger.repository.js';
import { WalletLotsRepository } from '../../repositories/wallet-lots.repository.js';
import { WalletUnlocksRepository } from '../../repositories/wallet-unlocks.repository.js';
import { WalletUsersRepository } from '../../repositories/wallet-users.repository.js';
import { VipEntriesRepository } from '../../repositories/vip-entries.repository.js';
import { UnlockService } from './unlock.service.js';
import { VipService } from './vip.service.js';
import { WalletHistoryService } from './wallet-history.service.js';
import { WalletSupportView } from './wallet-support-view.js';
import { WalletService, type WalletServiceDeps } from './wallet.service.js';

export type WalletServices = ReturnType<typeof createWalletServices>;

export interface WalletServicesDeps {
  db: Db;
  clock: Clock;
  config: Pick<ServerConfig, 'coinCheckinValidityDays' | 'coinRewardValidityDays'>;
  /** Told of each ledger entry once committed (metrics); see WalletServiceDeps.onEntry. */
  onLedgerEntry?: WalletServiceDeps['onEntry'];
}

/** Coins: the wallet, its history, unlocking and the VIP grant, over one set of repositories. */
export function createWalletServices({ db, clock, config, onLedgerEntry }: WalletServicesDeps) {
  const users = new WalletUsersRepository(db);
  const entries = new WalletEntriesRepository(db);
  const lots = new WalletLotsRepository(db);
  const unlocks = new WalletUnlocksRepository(db);
  const wallet = new WalletService({
    db,
    clock,
    users,
    entries,
    lots,
    ledger: new WalletLedgerRepository(),
    unlocks,
    policy: config,
    ...(onLedgerEntry ? { onEntry: onLedgerEntry } : {}),
  });
  const dramas = new DramasRepository(db);
  const episodes = new EpisodesRepository(db);
  return {
    /** The only writer of balances and ledger entries (docs/wallet.md). */
    wallet,
    walletHistory: new WalletHistoryService({ clock, wallet, entries, lots, dramas, episodes }),
    unlock: new UnlockService({
      db,
      clock,
      wallet,
      dramas,
      episodes,
      entitlements: new EntitlementsRepository(db),
      entries,
      unlocks,
      context: new UnlockContextRepository(),
    }),
    vip: new VipService({ db, clock, users, entries: new VipEntriesRepository(db) }),
    /** Support's read of one user's coin and VIP ledgers (the console's page of a viewer). */
    walletSupport: new WalletSupportView({ db }),
  };
}
