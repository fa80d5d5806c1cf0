import { Code, type UnlockBody, type UnlockResult } from '@cliffhanger/contract';
import type { DramaRow, EpisodeRow } from '../../db/catalog.schema.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import type { DramasRepository } from '../../repositories/dramas.repository.js';
import type { EntitlementsRepository } from '../../repositories/entitlements.repository.js';
import type { EpisodesRepository } from '../../repositories/episodes.repository.js';
import type { WalletEntriesRepository } from '../../repositories/wallet-entries.repository.js';
import type { UnlockContextRepository } from '../../repositories/unlock-context.repository.js';
import type { WalletUnlocksRepository } from '../../repositories/wallet-unlocks.repository.js';
import type { WalletHolder } from '../../repositories/wallet-users.repository.js';
import { episodePrice, isEpisodePlayable, isVipActive, lockedEpisodes, unlockPrices } from '../catalog/entitlement.js';
import { ledgerKeys } from './ledger-keys.js';
import type { WalletService } from './wallet.service.js';

export interface UnlockServiceDeps {
  db: Db;
  clock: Clock;
  wallet: WalletService;
  dramas: DramasRepository;
  episodes: EpisodesRepository;
  entitlements: EntitlementsRepository;
  entries: WalletEntriesRepository;
  unlocks: WalletUnlocksRepository;
  /** The statement that opens an unlock of one episode: its price and the buyer's row lock. */
  context: UnlockContextRepository;
}

/** The answer and whether it is a repeat (Code.ALREADY_OWNED: nothing bought, nothing taken). */
export interface UnlockOutcome {
  repeat: boolean;
  result: UnlockResult;
}

/** What a request asks for, resolved against the catalogue. */
interface UnlockTarget {
  drama: Pick<DramaRow, 'id' | 'freeEpisodes' | 'episodePrice' | 'allPrice'>;
  /** Set for a single-episode unlock. */
  episode: Pick<EpisodeRow, 'id' | 'number' | 'dramaId'> | undefined;
  /** `episode:<id>` or `drama:<id>:all`: the ledger's ref, and what a client key is bound to. */
  ref: string;
}

function notFound(what: string): AppError {
  return new AppError(Code.NOT_FOUND, `${what} not found`);
}

/** `all` with a drama: every episode still locked, at the all-episodes price. */
function isWholeDrama(body: UnlockBody): body is UnlockBody & { all: true; drama_id: number } {
  return body.all === true && body.drama_id !== undefined;
}

function wrongDrama(): AppError {
  return new AppError(Code.INVALID_INPUT, 'Invalid input', {
    fields: [{ field: 'body.episode_id', message: 'is not an episode of drama_id' }],
  });
}

/**
 * POST /unlock (docs/wallet.md#unlocking-post-unlock): one episode at its price, or every episode still
 * locked at the all-episodes price, in one transaction with the debit. Free episodes and VIP
 * members never pay; a repeat answers Code.ALREADY_OWNED without a second debit.
 */
export class UnlockService {
  constructor(private readonly deps: UnlockServiceDeps) {}

  /**
   * An unlock by `userId`, whom the auth layer has resolved from the request's session. A single
   * episode opens its transaction with one statement that reads the episode and locks the buyer's
   * wallet (UnlockContextRepository); a whole drama locks the wallet first, then reads what is
   * still locked.
   */
  async unlock(userId: number, body: UnlockBody): Promise<UnlockOutcome> {
    const { deps } = this;
    const episodeId = body.episode_id;
    if (episodeId === undefined || isWholeDrama(body)) {
      const target = await this.resolve(body);
      return deps.db.transaction(async (tx) => this.buy(userId, await deps.wallet.open(userId, tx), target, body, tx));
    }
    return deps.db.transaction(async (tx) => {
      const found = await deps.context.lockForEpisode(episodeId, userId, deps.clock(), tx);
      if (!found) throw notFound('Episode');
      return this.buy(userId, await deps.wallet.openLocked(found.holder, tx), this.episodeTarget(body, found), body, tx);
    });
  }

  /**
   * The rest of an unlock, in its transaction, once the user's row is locked (`holder`): concurrent
   * unlocks by one user queue at that lock, and each then sees the unlocks and the balance the
   * previous one committed.
   */
  private async buy(
    userId: number,
    holder: WalletHolder,
    target: UnlockTarget,
    body: UnlockBody,
    tx: Db,
  ): Promise<UnlockOutcome> {
    const { deps } = this;
    const repeat = (): UnlockOutcome => ({
      repeat: true,
      result: { unlocked_episode_ids: [], cost: 0, balance: holder.coin },
    });
    const clientKey = body.idempotency_key === undefined ? undefined : ledgerKeys.unlockClient(body.idempotency_key);
    if (clientKey !== undefined) {
      const seen = await deps.entries.findByKey(userId, clientKey, tx);
      if (seen && seen.ref !== target.ref) {
        throw new AppError(Code.IDEMPOTENCY_KEY_REUSED, 'Idempotency key already used for another target');
      }
      if (seen) return repeat();
    }
    // VIP plays everything: there is nothing to buy.
    if (isVipActive(holder.vipExpiresAt, deps.clock())) return repeat();

    const { drama, episode } = target;
    let episodeIds: number[];
    let cost: number;
    if (episode) {
      // Whether the user unlocked it already is asked by the purchase statement itself (owned).
      if (isEpisodePlayable(episode, drama, { vip: false, unlockedEpisodeIds: new Set() })) return repeat();
      episodeIds = [episode.id];
      cost = episodePrice(episode.number, drama);
    } else {
      const entitlement = {
        vip: false,
        unlockedEpisodeIds: await deps.entitlements.unlockedEpisodeIds(userId, drama.id, tx),
      };
      const locked = lockedEpisodes(await deps.episodes.listByDrama(drama.id, tx), drama, entitlement);
      if (locked.length === 0) return repeat();
      episodeIds = locked.map((row) => row.id);
      cost = unlockPrices(drama, locked.length).all;
    }

    if (cost <= 0) {
      await deps.unlocks.insertMissing(userId, episodeIds, deps.clock(), tx);
      return { repeat: false, result: { unlocked_episode_ids: episodeIds, cost, balance: holder.coin } };
    }
    // The debit and the unlock rows in one statement, after the row lock taken above.
    const bought = await deps.wallet.purchase(
      {
        userId,
        kind: 'consume',
        amount: cost,
        // The server decides the target, so without a client key it derives the key
        // (docs/wallet.md#idempotency-keys).
        key:
          clientKey ??
          (target.episode
            ? ledgerKeys.unlockEpisode(target.episode.id)
            : ledgerKeys.unlockDrama(target.drama.id, episodeIds)),
        ref: target.ref,
        episodeIds,
      },
      tx,
    );
    if (bought.owned) return repeat();
    return { repeat: false, result: { unlocked_episode_ids: episodeIds, cost, balance: bought.balance } };
  }

  /**
   * Unknown episode or drama, or one not released (viewers cannot buy what they cannot see) →
   * Code.NOT_FOUND; an episode of another drama in the request → Code.INVALID_INPUT.
   */
  private async resolve(body: UnlockBody): Promise<UnlockTarget> {
    const { dramas, episodes, clock } = this.deps;
    const now = clock();
    const found = body.episode_id === undefined ? undefined : await episodes.findWithDrama(body.episode_id, now);
    if (body.episode_id !== undefined && !found) throw notFound('Episode');
    const episode = found?.episode;
    if (isWholeDrama(body)) {
      const drama = await dramas.findReleased(body.drama_id, now);
      if (!drama) throw notFound('Drama');
      if (episode && episode.dramaId !== drama.id) throw wrongDrama();
      return { drama, episode: undefined, ref: `drama:${drama.id}:all` };
    }
    if (!found) throw notFound('Episode');
    return this.episodeTarget(body, found);
  }

  /** A single episode's target; a drama_id in the request must be the episode's (else Code.INVALID_INPUT). */
  private episodeTarget(
    body: UnlockBody,
    found: Pick<UnlockTarget, 'drama'> & { episode: NonNullable<UnlockTarget['episode']> },
  ): UnlockTarget {
    const { episode } = found;
    if (body.drama_id !== undefined && body.drama_id !== episode.dramaId) throw wrongDrama();
    return { drama: found.drama, episode, ref: `episode:${episode.id}` };
  }
}
