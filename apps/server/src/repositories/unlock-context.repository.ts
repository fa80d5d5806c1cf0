import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { preparedRows } from '../db/prepared-rows.js';
import type { DramaRow, EpisodeRow } from '../db/catalog.schema.js';
import { releasedBy } from './drama-release.js';
import { lockedHolderOf, type LockedHolder, type LockedHolderRow } from './wallet-ledger.repository.js';

/** What an unlock of one episode decides on, read at the start of its transaction. */
export interface UnlockContext {
  episode: Pick<EpisodeRow, 'id' | 'number' | 'dramaId'>;
  drama: Pick<DramaRow, 'id' | 'freeEpisodes' | 'episodePrice' | 'allPrice'>;
  /** The buyer's wallet row, locked until the transaction ends; undefined when no such user. */
  holder: LockedHolder | undefined;
}

/** The holder's columns are null when the user does not exist. */
type Row = Nullable<LockedHolderRow> & {
  episode_id: string | number;
  number: number;
  drama_id: string | number;
  free_episodes: number;
  episode_price: number;
  all_price: number;
};

type Nullable<T> = { [K in keyof T]: T[K] | null };

/**
 * An unlock of one episode opens its transaction with this one statement: the episode's pricing
 * and the buyer's `users` row, locked `FOR UPDATE` as `WalletLedgerRepository.lock` locks it, with
 * the same due-lot hint. Reading the episode before the transaction and locking inside it took one
 * round trip more. The lock sits in a CTE because `FOR UPDATE` may not apply to the nullable side
 * of the outer join that keeps an episode whatever the user (a CTE with a locking clause is never
 * folded into the outer query).
 *
 * An episode of a drama not released by `now` is not found: viewers cannot buy what they cannot see.
 *
 * The user is the one the auth layer resolved from the request's session: this statement reads
 * no session (docs/architecture.md#sessions).
 */
export class UnlockContextRepository {
  async lockForEpisode(episodeId: number, userId: number, now: Date, tx: Db): Promise<UnlockContext | undefined> {
    const [row] = await preparedRows<Row>(
      tx,
      'unlock_context',
      sql`WITH holder AS (
            SELECT u.id, u.coin, u.vip_expires_at, u.deleted_at,
                   EXISTS (SELECT 1 FROM wallet_lots l
                           WHERE l.user_id = u.id AND l.remaining > 0 AND l.expires_at <= ${now}::timestamptz) AS due
            FROM users u WHERE u.id = ${userId}::bigint FOR UPDATE OF u
          )
          SELECT e.id AS episode_id, e.number, e.drama_id, d.free_episodes, d.episode_price, d.all_price,
                 h.id, h.coin, h.vip_expires_at, h.deleted_at, h.due
          FROM episodes e
          JOIN dramas d ON d.id = e.drama_id
          LEFT JOIN holder h ON true
          WHERE e.id = ${episodeId}::bigint AND `.append(releasedBy(now, 'd')),
    );
    if (!row) return undefined;
    return {
      episode: { id: Number(row.episode_id), number: row.number, dramaId: Number(row.drama_id) },
      drama: {
        id: Number(row.drama_id),
        freeEpisodes: row.free_episodes,
        episodePrice: row.episode_price,
        allPrice: row.all_price,
      },
      holder: row.id === null ? undefined : lockedHolderOf(row as LockedHolderRow),
    };
  }
}
