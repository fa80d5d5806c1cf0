import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { dramas, type DramaRow } from '../db/catalog.schema.js';
import type { Db } from '../db/database.js';
import { queryRows } from '../db/query-rows.js';
import { dramaNeighbours, dramaTrending } from '../db/recommendations.schema.js';
import { favorites } from '../db/social.schema.js';
import { releasedBy } from './drama-release.js';

/** One viewer (`u:<uid>` or a visitor's `a:<hash>`, as plays key them) watched one drama. */
export interface WatchPairRow {
  viewer: string;
  dramaId: number;
}

export interface NeighbourRow {
  dramaId: number;
  neighbourId: number;
  score: number;
}

/** A drama in the viewer's history: finished once the history points at its last episode. */
export interface HistorySignal {
  dramaId: number;
  finished: boolean;
}

/** A released drama with its opening: the first free episode. */
export interface DramaOpening {
  drama: DramaRow;
  episodeCount: number;
  openingEpisodeId: number;
}

/** Rows written per INSERT: well under PostgreSQL's 65,535 parameters. */
const INSERT_BATCH = 5_000;
/** The newest history rows and favourites a ranking reads: taste moves, and the read stays small. */
const SIGNALS_PER_KIND = 100;

/** SQL of the For You feed: what the refresh job reads and writes, and the feed's indexed reads. */
export class RecommendationsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Who watched what: plays since `since` (each viewer key once per drama), favourites and watch
   * history. A signed-in viewer's plays are keyed `u:<uid>`, so the three meet on that key.
   */
  async watchPairs(since: Date, tx: Db = this.db): Promise<WatchPairRow[]> {
    const rows = await queryRows<{ viewer: string; drama_id: number | string }>(
      tx,
      sql`SELECT p.viewer_key AS viewer, e.drama_id FROM episode_plays p JOIN episodes e ON e.id = p.episode_id
          WHERE p.created_at >= ${since.toISOString()}::timestamptz
          UNION
          SELECT 'u:' || f.user_id, f.drama_id FROM favorites f
          UNION
          SELECT 'u:' || h.user_id, h.drama_id FROM watch_history h`,
    );
    return rows.map((row) => ({ viewer: row.viewer, dramaId: Number(row.drama_id) }));
  }

  /** Distinct viewers per drama over plays since `since`, most first. */
  async viewersSince(since: Date, limit: number, tx: Db = this.db): Promise<{ dramaId: number; viewers: number }[]> {
    const rows = await queryRows<{ drama_id: number | string; viewers: number | string }>(
      tx,
      sql`SELECT e.drama_id, count(DISTINCT p.viewer_key) AS viewers
          FROM episode_plays p JOIN episodes e ON e.id = p.episode_id
          WHERE p.created_at >= ${since.toISOString()}::timestamptz
          GROUP BY e.drama_id ORDER BY viewers DESC, e.drama_id LIMIT ${limit}`,
    );
    return rows.map((row) => ({ dramaId: Number(row.drama_id), viewers: Number(row.viewers) }));
  }

  /** Replaces both tables in the caller's transaction: readers see the old set or the new one. */
  async replace(
    neighbours: readonly NeighbourRow[],
    trending: readonly { dramaId: number; viewers: number }[],
    tx: Db,
  ): Promise<void> {
    await tx.delete(dramaNeighbours);
    await tx.delete(dramaTrending);
    for (let i = 0; i < neighbours.length; i += INSERT_BATCH) {
      await tx.insert(dramaNeighbours).values(neighbours.slice(i, i + INSERT_BATCH));
    }
    if (trending.length > 0) await tx.insert(dramaTrending).values([...trending]);
  }

  /** Serialises refreshes: two at once would each delete what the other wrote. */
  async lock(tx: Db): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('recommendations-refresh', 0))`);
  }

  /** The dramas in a viewer's history, newest first, each marked finished or not. */
  async historySignals(userId: number, tx: Db = this.db): Promise<HistorySignal[]> {
    const rows = await queryRows<{ drama_id: number | string; finished: boolean }>(
      tx,
      sql`SELECT h.drama_id,
                 e.number >= (SELECT max(l.number) FROM episodes l WHERE l.drama_id = h.drama_id) AS finished
          FROM watch_history h JOIN episodes e ON e.id = h.episode_id
          WHERE h.user_id = ${userId}
          ORDER BY h.updated_at DESC LIMIT ${SIGNALS_PER_KIND}`,
    );
    return rows.map((row) => ({ dramaId: Number(row.drama_id), finished: row.finished }));
  }

  /** The dramas a viewer collected, newest first. */
  async collected(userId: number, tx: Db = this.db): Promise<number[]> {
    const rows = await tx
      .select({ dramaId: favorites.dramaId })
      .from(favorites)
      .where(eq(favorites.userId, userId))
      .orderBy(desc(favorites.createdAt))
      .limit(SIGNALS_PER_KIND);
    return rows.map((row) => row.dramaId);
  }

  /** The stored neighbours of these dramas (the primary key's prefix). */
  async neighboursOf(dramaIds: readonly number[], tx: Db = this.db): Promise<NeighbourRow[]> {
    if (dramaIds.length === 0) return [];
    return tx
      .select({
        dramaId: dramaNeighbours.dramaId,
        neighbourId: dramaNeighbours.neighbourId,
        score: dramaNeighbours.score,
      })
      .from(dramaNeighbours)
      .where(inArray(dramaNeighbours.dramaId, [...dramaIds]));
  }

  /** Trending dramas, most viewers first. */
  async trending(limit: number, tx: Db = this.db): Promise<number[]> {
    const rows = await tx
      .select({ dramaId: dramaTrending.dramaId })
      .from(dramaTrending)
      .orderBy(desc(dramaTrending.viewers), dramaTrending.dramaId)
      .limit(limit);
    return rows.map((row) => row.dramaId);
  }

  /** Released dramas by hits: what trends when nothing has been played lately. */
  async mostPlayed(now: Date, limit: number, tx: Db = this.db): Promise<number[]> {
    const rows = await tx
      .select({ id: dramas.id })
      .from(dramas)
      .where(and(releasedBy(now), gte(dramas.freeEpisodes, 1)))
      .orderBy(desc(dramas.hits), dramas.id)
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /**
   * The dramas among `ids` a viewer may see by `now` that have a free episode, with the first of
   * them. A draft, an unpublished or scheduled drama, or one without a free episode is left out.
   */
  async openings(ids: readonly number[], now: Date, tx: Db = this.db): Promise<DramaOpening[]> {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({
        drama: dramas,
        episodeCount: sql<number>`(select count(*) from "episodes" e where e."drama_id" = "dramas"."id")::int`,
        openingEpisodeId: sql<number | null>`(select e."id" from "episodes" e
          where e."drama_id" = "dramas"."id" and e."number" <= "dramas"."free_episodes"
          order by e."number" limit 1)`,
      })
      .from(dramas)
      .where(and(inArray(dramas.id, [...ids]), releasedBy(now)));
    return rows.flatMap((row) =>
      row.openingEpisodeId === null
        ? []
        : [{ drama: row.drama, episodeCount: row.episodeCount, openingEpisodeId: Number(row.openingEpisodeId) }],
    );
  }
}
