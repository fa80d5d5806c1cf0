import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { queryRows } from '../db/query-rows.js';

/** A range of local days as instants: `[start, end)`, and the zone whose days it groups by. */
export interface ReportWindow {
  start: Date;
  end: Date;
  timeZone: string;
  /** Each local day of the range (`YYYY-MM-DD`), and the instant each begins, then `end`. */
  days: string[];
  bounds: Date[];
}

export interface MoneyRow {
  day: string;
  productId: string;
  kind: 'vip' | 'coins';
  channel: 'stripe' | 'apple';
  sales: number;
  grossCents: number;
  refundsCents: number;
}

export interface CoinRow {
  day: string;
  kind: string;
  entries: number;
  coins: number;
}

/**
 * Which day of the range a moment falls on, as its 1-based position: a binary search of the days'
 * first instants (worked out for the zone, daylight saving included), far cheaper per row than
 * converting each moment to the zone's time (a 90-day ledger scan took a second that way).
 */
const dayOf = (column: SQL, w: ReportWindow) =>
  sql`width_bucket(${column}, ${sql.param(w.bounds.map((b) => b.toISOString()))}::timestamptz[])`;
/** The day a `dayOf` position stands for. */
function dayAt(w: ReportWindow, position: number | string): string {
  const day = w.days[Number(position) - 1];
  if (day === undefined) throw new Error(`day ${position} is outside the range`);
  return day;
}
const within = (column: SQL, w: ReportWindow) =>
  sql`${column} >= ${w.start.toISOString()}::timestamptz AND ${column} < ${w.end.toISOString()}::timestamptz`;

/**
 * A sale is a paid order, on the day it was paid, or a VIP renewal (a `renewal` entry of the VIP
 * ledger) at its order's price on the day it was credited.
 */
const sales = (w: ReportWindow) => sql`
  SELECT o.user_id, o.product_id, o.kind, o.channel, o.currency, o.price_cents AS cents, o.fulfilled_at AS at
  FROM orders o WHERE ${within(sql`o.fulfilled_at`, w)}
  UNION ALL
  SELECT o.user_id, o.product_id, o.kind, o.channel, o.currency, o.price_cents, v.created_at
  FROM vip_entries v JOIN orders o ON o.id = v.order_id
  WHERE v.kind = 'renewal' AND ${within(sql`v.created_at`, w)}`;

/**
 * A refund is a succeeded order_refunds row (asked from the console, or made in Stripe's Dashboard)
 * on the day it went through, and for an order refunded in full by the provider (a dispute, an App
 * Store refund) whatever of its price no such row accounts for, on the day the order became refunded.
 */
const refunds = (w: ReportWindow) => sql`
  SELECT o.product_id, o.kind, o.channel, r.amount_cents AS cents, r.updated_at AS at
  FROM order_refunds r JOIN orders o ON o.id = r.order_id
  WHERE r.status = 'succeeded' AND ${within(sql`r.updated_at`, w)}
  UNION ALL
  SELECT o.product_id, o.kind, o.channel,
         o.price_cents - coalesce((SELECT sum(r.amount_cents) FROM order_refunds r
                                   WHERE r.order_id = o.id AND r.status = 'succeeded'), 0),
         o.updated_at
  FROM orders o WHERE o.status = 'refunded' AND ${within(sql`o.updated_at`, w)}`;

/** SQL for the money and coin figures: straight from orders, order_refunds, vip_entries and wallet_entries. */
export class ReportsMoneyRepository {
  constructor(private readonly db: Db) {}

  /** Sales and refunds per local day, product and channel. */
  async money(w: ReportWindow): Promise<MoneyRow[]> {
    const rows = await queryRows<{
      day: number | string;
      product_id: string;
      kind: 'vip' | 'coins';
      channel: 'stripe' | 'apple';
      sales: number | string;
      gross: number | string;
      refunds: number | string;
    }>(
      this.db,
      sql`WITH s AS (${sales(w)}), r AS (${refunds(w)}),
          moves AS (
            SELECT product_id, kind, channel, at, 1 AS sales, cents AS gross, 0 AS refunds FROM s
            UNION ALL
            SELECT product_id, kind, channel, at, 0, 0, cents FROM r WHERE cents > 0
          )
          SELECT ${dayOf(sql`at`, w)} AS day, product_id, kind, channel,
                 sum(sales)::bigint AS sales, sum(gross)::bigint AS gross, sum(refunds)::bigint AS refunds
          FROM moves GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    );
    return rows.map((row) => ({
      day: dayAt(w, row.day),
      productId: row.product_id,
      kind: row.kind,
      channel: row.channel,
      sales: Number(row.sales),
      grossCents: Number(row.gross),
      refundsCents: Number(row.refunds),
    }));
  }

  /** Distinct paying viewers per day and over the whole range (`day` null), and the sales' currency. */
  async payers(w: ReportWindow): Promise<{ day: string | null; payers: number; currency: string | null }[]> {
    const rows = await queryRows<{ day: number | string | null; payers: number | string; currency: string | null }>(
      this.db,
      sql`WITH s AS (SELECT ${dayOf(sql`at`, w)} AS day, user_id, currency FROM (${sales(w)}) x)
          SELECT day, count(DISTINCT user_id)::bigint AS payers, max(currency) AS currency
          FROM s GROUP BY ROLLUP (day)`,
    );
    return rows.map((row) => ({
      day: row.day === null ? null : dayAt(w, row.day),
      payers: Number(row.payers),
      currency: row.currency,
    }));
  }

  /**
   * Ledger entries per local day and kind: how many, and their signed sum. With the ledger rolled
   * up to `rolledUpTo` (report_coin_days, in this zone), the rolled-up days plus the entries from
   * that instant on, read live: exact, and a long range reads its days instead of every entry.
   */
  async coins(w: ReportWindow, rolledUpTo: Date | null): Promise<CoinRow[]> {
    const liveFrom = rolledUpTo !== null && rolledUpTo > w.start ? rolledUpTo : w.start;
    const rolled =
      rolledUpTo === null
        ? []
        : await queryRows<{ day: string; kind: string; entries: number | string; coins: number | string }>(
            this.db,
            sql`SELECT day::text AS day, kind, entries, coins FROM report_coin_days
                WHERE day >= ${w.days[0]}::date AND day <= ${w.days[w.days.length - 1]}::date`,
          );
    const live =
      liveFrom >= w.end
        ? []
        : await queryRows<{ day: number | string; kind: string; entries: number | string; coins: number | string }>(
            this.db,
            sql`SELECT ${dayOf(sql`created_at`, w)} AS day, kind, count(*)::bigint AS entries, sum(amount)::bigint AS coins
                FROM wallet_entries
                WHERE created_at >= ${liveFrom.toISOString()}::timestamptz AND created_at < ${w.end.toISOString()}::timestamptz
                GROUP BY 1, 2 ORDER BY 1, 2`,
          );
    const row = (day: string, r: { kind: string; entries: number | string; coins: number | string }): CoinRow => ({
      day,
      kind: r.kind,
      entries: Number(r.entries),
      coins: Number(r.coins),
    });
    return [...rolled.map((r) => row(r.day, r)), ...live.map((r) => row(dayAt(w, r.day), r))];
  }

  /** Cents paid for coin packs and the coins they credited (with bonus), for the price of a coin. */
  async coinPackSales(w: ReportWindow): Promise<{ cents: number; coins: number }> {
    const [row] = await queryRows<{ cents: number | string | null; coins: number | string | null }>(
      this.db,
      sql`SELECT sum(price_cents)::bigint AS cents, sum(coins + bonus_coins)::bigint AS coins
          FROM orders WHERE kind = 'coins' AND ${within(sql`fulfilled_at`, w)}`,
    );
    return { cents: Number(row?.cents ?? 0), coins: Number(row?.coins ?? 0) };
  }

  /**
   * Coins spent per drama: unlocks of one episode (`episode:<id>`) count for its drama, unlocks of
   * every episode (`drama:<id>:all`) for that drama. Only `dramaIds` when given.
   */
  async coinsByDrama(w: ReportWindow, dramaIds?: number[]): Promise<Map<number, number>> {
    const only = dramaIds === undefined ? sql`TRUE` : sql`drama_id = ANY(${sql.param(dramaIds)}::bigint[])`;
    const rows = await queryRows<{ drama_id: number | string; coins: number | string }>(
      this.db,
      sql`WITH spent AS (
            SELECT CASE WHEN we.ref LIKE 'drama:%' THEN split_part(we.ref, ':', 2)::bigint ELSE e.drama_id END AS drama_id,
                   -we.amount AS coins
            FROM wallet_entries we
            LEFT JOIN episodes e ON we.ref LIKE 'episode:%' AND e.id = split_part(we.ref, ':', 2)::bigint
            WHERE we.kind = 'consume' AND (we.ref LIKE 'drama:%:all' OR we.ref LIKE 'episode:%')
              AND ${within(sql`we.created_at`, w)}
          )
          SELECT drama_id, sum(coins)::bigint AS coins FROM spent WHERE drama_id IS NOT NULL AND ${only}
          GROUP BY drama_id`,
    );
    return new Map(rows.map((row) => [Number(row.drama_id), Number(row.coins)]));
  }
}
