import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { dateOrNull, preparedRows } from '../db/prepared-rows.js';
import type { DramaRow, EpisodeRow } from '../db/catalog.schema.js';
import type { SessionCheck } from './sessions.repository.js';
import { lockedHolderOf, type LockedHolder, type LockedHolderRow } from './wallet-ledger.repository.js';

/** What an unlock of one episode decides on, read at the start of its transaction. */
export interface UnlockContext {
  episode: Pick<EpisodeRow, 'id' | 'number' | 'dramaId'>;
  drama: Pick<DramaRow, 'id' | 'freeEpisodes' | 'episodePrice' | 'allPrice'>;
  /** The session whose access or refresh hash was presented, as it is (revoked or expired too). */
  session: SessionCheck | undefined;
  /** The session owner's wallet row, locked until the transaction ends; none without a session. */
  holder: LockedHolder | undefined;
}

/** The holder's columns are null when no session was presented or found. */
type Row = Nullable<LockedHolderRow> & {
  episode_id: string | number;
  number: number;
  drama_id: string | number;
  free_episodes: number;
  episode_price: number;
  all_price: number;
  session_id: string | number | null;
  session_user_id: string | number | null;
  token_hash: string | null;
  token_expires_at: string | Date | null;
  refresh_expires_at: string | Date | null;
  revoked_at: string | Date | null;
};

type Nullable<T> = { [K in keyof T]: T[K] | null };

/**
 * An unlock of one episode opens its transaction with this one statement: the episode's pricing,
 * the presented session (by its access or refresh hash, as presented-session.ts reads it) and the
 * session owner's `users` row, locked `FOR UPDATE` as `WalletLedgerRepository.lock` locks it, with
 * the same due-lot hint. Reading the session and the episode before the transaction and locking
 * inside it took one round trip more. The lock sits in a CTE because `FOR UPDATE` may not apply to
 * the nullable side of the outer join that keeps an episode without a usable session; a CTE with
 * a locking clause is always evaluated on its own, and no session locks nothing.
 *
 * The owner is locked before the session service has judged the session: a revoked or expired
 * session holds its owner's row only until its transaction rolls back on the refusal.
 */
export class UnlockContextRepository {
  async lockForEpisode(episodeId: number, hash: string, now: Date, tx: Db): Promise<UnlockContext | undefined> {
    const [row] = await preparedRows<Row>(
      tx,
      'unlock_context',
      sql`WITH presented AS (
            SELECT s.id, s.user_id, s.token_hash, s.token_expires_at, s.refresh_expires_at, s.revoked_at
            FROM sessions s
            WHERE s.id = (SELECT x.id FROM sessions x WHERE x.token_hash = ${hash}::text
                          UNION ALL
                          SELECT x.id FROM sessions x WHERE x.refresh_hash = ${hash}::text
                          LIMIT 1)
          ), holder AS (
            SELECT u.id, u.coin, u.vip_expires_at, u.deleted_at,
                   EXISTS (SELECT 1 FROM wallet_lots l
                           WHERE l.user_id = u.id AND l.remaining > 0 AND l.expires_at <= ${now}::timestamptz) AS due
            FROM users u WHERE u.id = (SELECT p.user_id FROM presented p) FOR UPDATE OF u
          )
          SELECT e.id AS episode_id, e.number, e.drama_id, d.free_episodes, d.episode_price, d.all_price,
                 p.id AS session_id, p.user_id AS session_user_id, p.token_hash, p.token_expires_at,
                 p.refresh_expires_at, p.revoked_at,
                 h.id, h.coin, h.vip_expires_at, h.deleted_at, h.due
          FROM episodes e
          JOIN dramas d ON d.id = e.drama_id
          LEFT JOIN presented p ON true
          LEFT JOIN holder h ON true
          WHERE e.id = ${episodeId}::bigint`,
    );
    if (!row) return undefined;
    const holder = row.id === null ? undefined : lockedHolderOf(row as LockedHolderRow);
    return {
      episode: { id: Number(row.episode_id), number: row.number, dramaId: Number(row.drama_id) },
      drama: {
        id: Number(row.drama_id),
        freeEpisodes: row.free_episodes,
        episodePrice: row.episode_price,
        allPrice: row.all_price,
      },
      session: sessionOf(row, holder),
      holder,
    };
  }
}

function sessionOf(row: Row, holder: LockedHolder | undefined): SessionCheck | undefined {
  if (row.session_id === null || row.session_user_id === null || row.token_hash === null) return undefined;
  return {
    session: {
      id: Number(row.session_id),
      userId: Number(row.session_user_id),
      tokenHash: row.token_hash,
      tokenExpiresAt: new Date(row.token_expires_at as string | Date),
      refreshExpiresAt: new Date(row.refresh_expires_at as string | Date),
      revokedAt: dateOrNull(row.revoked_at),
    },
    // The owner's row is the locked one; a session always has an owner (user_id references users).
    userDeletedAt: holder?.deletedAt ?? null,
  };
}
