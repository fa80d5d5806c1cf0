import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { queryRows } from '../db/query-rows.js';
import type { ReportWindow } from './reports-money.repository.js';

/** Local days `from`..`to`, both included (`YYYY-MM-DD`). */
export interface DayRange {
  from: string;
  to: string;
}

const days = (r: DayRange) => sql`BETWEEN ${r.from}::date AND ${r.to}::date`;
const asInt = (value: number | string | null | undefined) => Number(value ?? 0);

/** SQL for the viewer and drama figures, read from the play rollups (db/reports.schema.ts) and episode_unlocks. */
export class ReportsPlaysRepository {
  constructor(private readonly db: Db) {}

  /** Per day: active viewers, those signed in, and new viewers. */
  async activeDays(r: DayRange): Promise<{ day: string; active: number; signedIn: number; new: number }[]> {
    const rows = await queryRows<{
      day: string;
      active: number | string;
      signed_in: number | string;
      new: number | string;
    }>(
      this.db,
      sql`WITH a AS (
            SELECT start AS day, active, signed_in FROM report_active_counts WHERE period = 'day' AND start ${days(r)}
          ), n AS (
            SELECT first_day AS day, new_viewers AS new FROM report_cohorts WHERE first_day ${days(r)}
          )
          SELECT to_char(coalesce(a.day, n.day), 'YYYY-MM-DD') AS day,
                 coalesce(a.active, 0) AS active, coalesce(a.signed_in, 0) AS signed_in, coalesce(n.new, 0) AS new
          FROM a FULL JOIN n ON n.day = a.day ORDER BY 1`,
    );
    return rows.map((row) => ({
      day: row.day,
      active: asInt(row.active),
      signedIn: asInt(row.signed_in),
      new: asInt(row.new),
    }));
  }

  /** Active viewers of each calendar week (from Monday) or month that overlaps the range, counted whole. */
  async activePer(unit: 'week' | 'month', r: DayRange): Promise<{ period: string; active: number }[]> {
    const format = unit === 'week' ? 'YYYY-MM-DD' : 'YYYY-MM';
    const rows = await queryRows<{ period: string; active: number | string }>(
      this.db,
      sql`SELECT to_char(start, ${format}) AS period, active FROM report_active_counts
          WHERE period = ${unit} AND start BETWEEN date_trunc(${unit}, ${r.from}::timestamp)::date AND ${r.to}::date
          ORDER BY start`,
    );
    return rows.map((row) => ({ period: row.period, active: asInt(row.active) }));
  }

  /** Each day's new viewers, and how many of them played 1 and 7 days later. */
  async cohorts(r: DayRange): Promise<{ day: string; new: number; d1: number; d7: number }[]> {
    const rows = await queryRows<{ day: string; new: number | string; d1: number | string; d7: number | string }>(
      this.db,
      sql`SELECT to_char(first_day, 'YYYY-MM-DD') AS day, new_viewers AS new, d1, d7
          FROM report_cohorts WHERE first_day ${days(r)} ORDER BY first_day`,
    );
    return rows.map((row) => ({ day: row.day, new: asInt(row.new), d1: asInt(row.d1), d7: asInt(row.d7) }));
  }

  /** The most played dramas of the range, most first. */
  async topDramas(r: DayRange, limit: number): Promise<{ dramaId: number; title: string; plays: number }[]> {
    const rows = await queryRows<{ drama_id: number | string; title: string; plays: number | string }>(
      this.db,
      sql`WITH per AS (
            SELECT e.drama_id, sum(p.plays) AS plays
            FROM report_episode_days p JOIN episodes e ON e.id = p.episode_id
            WHERE p.day ${days(r)} GROUP BY e.drama_id
            ORDER BY plays DESC, e.drama_id LIMIT ${limit}
          )
          SELECT per.drama_id, d.title->>'en' AS title, per.plays
          FROM per JOIN dramas d ON d.id = per.drama_id ORDER BY per.plays DESC, per.drama_id`,
    );
    return rows.map((row) => ({ dramaId: Number(row.drama_id), title: row.title, plays: asInt(row.plays) }));
  }

  /** Unlocks per drama in the window, for the dramas given. */
  async unlocksByDrama(w: ReportWindow, dramaIds: number[]): Promise<Map<number, number>> {
    const rows = await queryRows<{ drama_id: number | string; unlocks: number | string }>(
      this.db,
      sql`SELECT e.drama_id, count(*) AS unlocks
          FROM episode_unlocks u JOIN episodes e ON e.id = u.episode_id
          WHERE e.drama_id = ANY(${sql.param(dramaIds)}::bigint[])
            AND u.created_at >= ${w.start.toISOString()}::timestamptz AND u.created_at < ${w.end.toISOString()}::timestamptz
          GROUP BY e.drama_id`,
    );
    return new Map(rows.map((row) => [Number(row.drama_id), asInt(row.unlocks)]));
  }

  async drama(id: number): Promise<{ id: number; title: string; freeEpisodes: number } | undefined> {
    const [row] = await queryRows<{ id: number | string; title: string; free_episodes: number }>(
      this.db,
      sql`SELECT id, title->>'en' AS title, free_episodes FROM dramas WHERE id = ${id}`,
    );
    return row && { id: Number(row.id), title: row.title, freeEpisodes: row.free_episodes };
  }

  /** Each episode of a drama in order, with its plays, first-time viewers and unlocks in the range. */
  async episodes(
    dramaId: number,
    r: DayRange,
    w: ReportWindow,
  ): Promise<{ episodeId: number; number: number; plays: number; viewers: number; unlocks: number }[]> {
    const rows = await queryRows<{
      id: number | string;
      number: number;
      plays: number | string;
      viewers: number | string;
      unlocks: number | string;
    }>(
      this.db,
      sql`WITH e AS (SELECT id, number FROM episodes WHERE drama_id = ${dramaId}),
          u AS (
            SELECT episode_id, count(*) AS unlocks FROM episode_unlocks
            WHERE episode_id IN (SELECT id FROM e)
              AND created_at >= ${w.start.toISOString()}::timestamptz AND created_at < ${w.end.toISOString()}::timestamptz
            GROUP BY episode_id
          )
          SELECT e.id, e.number,
                 (SELECT coalesce(sum(p.plays), 0) FROM report_episode_days p WHERE p.episode_id = e.id AND p.day ${days(r)}) AS plays,
                 (SELECT count(*) FROM report_episode_viewers v WHERE v.episode_id = e.id AND v.first_day ${days(r)}) AS viewers,
                 coalesce(u.unlocks, 0) AS unlocks
          FROM e LEFT JOIN u ON u.episode_id = e.id ORDER BY e.number`,
    );
    return rows.map((row) => ({
      episodeId: Number(row.id),
      number: row.number,
      plays: asInt(row.plays),
      viewers: asInt(row.viewers),
      unlocks: asInt(row.unlocks),
    }));
  }

  /** The drama's signed-in viewers of the range (a first play of one of its episodes) and how many are VIP at `now`. */
  async signedInViewers(dramaId: number, r: DayRange, now: Date): Promise<{ viewers: number; vip: number }> {
    const [row] = await queryRows<{ viewers: number | string; vip: number | string }>(
      this.db,
      sql`WITH v AS (
            SELECT DISTINCT substr(v.viewer_key, 3)::bigint AS user_id
            FROM report_episode_viewers v JOIN episodes e ON e.id = v.episode_id
            WHERE e.drama_id = ${dramaId} AND v.first_day ${days(r)} AND v.viewer_key LIKE 'u:%'
          )
          SELECT count(*) AS viewers,
                 count(*) FILTER (WHERE u.vip_expires_at > ${now.toISOString()}::timestamptz) AS vip
          FROM v LEFT JOIN users u ON u.id = v.user_id`,
    );
    return { viewers: asInt(row?.viewers), vip: asInt(row?.vip) };
  }
}
