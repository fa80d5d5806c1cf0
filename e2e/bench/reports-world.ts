import { spawnSync } from 'node:child_process';
import { withAdmin } from '@cliffhanger/test-kit/pg-admin';
import { repoRoot } from '../support/server-process.js';

/** How big the Numbers bench's world is. */
export const REPORTS_WORLD = {
  viewers: 100_000,
  plays: 1_000_000,
  orders: 50_000,
  ledgerEntries: 300_000,
  unlocks: 100_000,
  dramas: 200,
  episodesEach: 30,
  /** Everything happened within this many days before now. */
  days: 90,
} as const;

/**
 * The Numbers bench's data, generated inside PostgreSQL (generate_series, one statement per
 * table): 100,000 viewers (a tenth VIP), 200 dramas of 30 episodes, 1,000,000 counted plays over
 * 90 days (each viewer ten plays on ten different days, a seventh of them visitors), 50,000
 * orders (paid, refunded, pending; stripe and apple; renewals of some VIP orders), 300,000 ledger
 * entries of the common kinds and 100,000 unlocks.
 */
export async function seedReportsWorld(databaseUrl: string): Promise<void> {
  const w = REPORTS_WORLD;
  await withAdmin(databaseUrl, async (client) => {
    await client.query(
      `INSERT INTO users (invite_code, created_at, vip_expires_at)
       SELECT 'rb' || i, now() - ((i % $2) || ' days')::interval,
              CASE WHEN i % 10 = 0 THEN now() + interval '30 days' END
       FROM generate_series(1, $1::int) AS i`,
      [w.viewers, w.days],
    );
    await client.query(
      `INSERT INTO dramas (slug, title, synopsis, sort_title, poster, free_episodes, episode_price, all_price)
       SELECT 'rb-' || i, jsonb_build_object('en', 'Numbers drama ' || i), jsonb_build_object('en', 'Synopsis'),
              'numbers drama ' || lpad(i::text, 4, '0'), 'posters/bench.webp', 5, 30, 600
       FROM generate_series(1, $1::int) AS i`,
      [w.dramas],
    );
    // In order, so episode ids run drama by drama, number by number: the plays below count on it.
    await client.query(
      `INSERT INTO episodes (drama_id, number, title, duration_s, media_dir)
       SELECT d.id, n, jsonb_build_object('en', 'Episode ' || n), 90, 'media/rb/' || d.id || '/' || n
       FROM dramas d CROSS JOIN generate_series(1, $1::int) AS n WHERE d.slug LIKE 'rb-%'
       ORDER BY d.id, n`,
      [w.episodesEach],
    );
    // Viewer v's k-th play (k = 0..9) is on day (7v + 9k) mod 90 before now: ten different days,
    // so every (viewer, episode, day) is new; episodes 1–10, 11–20 or 21–30 of one drama.
    await client.query(
      `WITH u AS (SELECT min(id) AS first FROM users WHERE invite_code LIKE 'rb%'),
            e AS (SELECT min(id) AS first FROM episodes WHERE media_dir LIKE 'media/rb/%'),
            p AS (
              SELECT i % $2 AS v, i / $2 AS k,
                     now() - (((i % $2) * 7 + (i / $2) * 9) % $3 || ' days')::interval - ((i % 86400) || ' seconds')::interval AS at
              FROM generate_series(0, $1::int - 1) AS i
            )
       INSERT INTO episode_plays (viewer_key, episode_id, day, created_at)
       SELECT CASE WHEN p.v % 7 = 0 THEN 'a:' || md5(p.v::text) ELSE 'u:' || (u.first + p.v) END,
              e.first + (p.v % $4) * $5 + (p.v % 3) * 10 + p.k,
              to_char(p.at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), p.at
       FROM p, u, e`,
      [w.plays, w.viewers, w.days, w.dramas, w.episodesEach],
    );
    await client.query(
      `WITH u AS (SELECT min(id) AS first FROM users WHERE invite_code LIKE 'rb%'),
            o AS (
              SELECT i, CASE i % 5 WHEN 0 THEN 'vip_month' WHEN 1 THEN 'vip_week' WHEN 2 THEN 'coins_100'
                        WHEN 3 THEN 'coins_500' ELSE 'coins_1000' END AS product,
                     now() - ((i % $2) || ' days')::interval - ((i % 3600) || ' seconds')::interval AS at
              FROM generate_series(1, $1::int) AS i
            )
       INSERT INTO orders (public_id, user_id, product_id, kind, channel, status, price_cents, currency, period,
                           coins, coins_credited, created_at, fulfilled_at, updated_at)
       SELECT 'rb-' || o.i, u.first + (o.i * 7919) % $3, p.id, p.kind,
              CASE WHEN o.i % 4 = 0 THEN 'apple' ELSE 'stripe' END,
              CASE WHEN o.i % 20 = 0 THEN 'pending' WHEN o.i % 20 = 1 THEN 'refunded' ELSE 'fulfilled' END,
              p.price_cents, p.currency, p.period, p.coins,
              CASE WHEN o.i % 20 = 0 THEN 0 ELSE p.coins END,
              o.at, CASE WHEN o.i % 20 = 0 THEN NULL ELSE o.at + interval '1 minute' END,
              o.at + CASE WHEN o.i % 20 = 1 THEN interval '2 days' ELSE interval '1 minute' END
       FROM o JOIN products p ON p.id = o.product, u`,
      [w.orders, w.days, w.viewers],
    );
    await client.query(
      `INSERT INTO vip_entries (user_id, kind, seconds, expires_after, idempotency_key, order_id, created_at)
       SELECT o.user_id, 'renewal', 2592000, o.created_at + interval '60 days', 'rb-renewal:' || o.id, o.id,
              o.created_at + interval '30 days'
       FROM orders o WHERE o.public_id LIKE 'rb-%' AND o.product_id = 'vip_month' AND o.status = 'fulfilled'
         AND o.created_at < now() - interval '30 days'`,
    );
    await client.query(
      `WITH u AS (SELECT min(id) AS first FROM users WHERE invite_code LIKE 'rb%'),
            e AS (SELECT min(id) AS first FROM episodes WHERE media_dir LIKE 'media/rb/%'),
            l AS (
              SELECT i, CASE i % 6 WHEN 0 THEN 'checkin_reward' WHEN 1 THEN 'task_reward' WHEN 2 THEN 'ad_reward'
                        WHEN 3 THEN 'recharge' WHEN 4 THEN 'consume' ELSE 'coin_expiry' END AS kind
              FROM generate_series(1, $1::int) AS i
            )
       INSERT INTO wallet_entries (user_id, kind, amount, balance_after, idempotency_key, ref, created_at)
       SELECT u.first + l.i % $2, l.kind,
              CASE l.kind WHEN 'checkin_reward' THEN 10 WHEN 'task_reward' THEN 20 WHEN 'ad_reward' THEN 5
                          WHEN 'recharge' THEN 500 WHEN 'consume' THEN -30 ELSE -3 END,
              1000, 'rb-' || l.i,
              CASE WHEN l.kind = 'consume' THEN 'episode:' || (e.first + (l.i % ($4::int * $5::int))) END,
              now() - ((l.i % $3) || ' days')::interval - ((l.i % 86400) || ' seconds')::interval
       FROM l, u, e`,
      [w.ledgerEntries, w.viewers, w.days, w.dramas, w.episodesEach],
    );
    await client.query(
      `WITH u AS (SELECT min(id) AS first FROM users WHERE invite_code LIKE 'rb%'),
            e AS (SELECT min(id) AS first FROM episodes WHERE media_dir LIKE 'media/rb/%')
       INSERT INTO episode_unlocks (user_id, episode_id, created_at)
       SELECT u.first + i - 1, e.first + ((i - 1) % $2) * $3 + 5 + (i % 10),
              now() - ((i % $4) || ' days')::interval
       FROM generate_series(1, $1::int) AS i, u, e`,
      [w.unlocks, w.dramas, w.episodesEach, w.days],
    );
    await client.query('ANALYZE');
  });
}

/** What one run of `npm run reports -- refresh` did, as it printed it. */
export interface RefreshRun {
  rebuilt: boolean;
  plays: number;
  ms: number;
}

/** Refreshes the rollups with the real command, against the world's database. */
export function refreshReports(databaseUrl: string, dataDir: string): RefreshRun {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/reports.ts', 'refresh'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const found = /\((rebuilt|from [\d-]+)[^)]*\): (\d+) plays read in (\d+) ms/.exec(run.stdout);
  if (run.status !== 0 || !found) throw new Error(`reports refresh failed: ${run.stdout}${run.stderr}`);
  return { rebuilt: found[1] === 'rebuilt', plays: Number(found[2]), ms: Number(found[3]) };
}
