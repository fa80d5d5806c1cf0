import { Code } from '@cliffhanger/contract';
import type { ConsoleOrderDetail, ConsoleOrderRow, OrderTimelineEntry } from '@cliffhanger/contract/console';
import type { Db } from '../../db/database.js';
import type { OrderRow } from '../../db/payments.schema.js';
import { AppError } from '../../http/envelope.js';
import { ConsoleOrdersRepository } from '../../repositories/console-orders.repository.js';
import { OrderRefundsRepository } from '../../repositories/order-refunds.repository.js';
import type { WalletHistoryService } from '../wallet/wallet-history.service.js';
import { toConsoleOrder, toConsoleOrderRow, toConsoleRefund } from './order-views.js';

/** The search's query, validated by the contract (times ISO 8601, the cursor an order id). */
interface OrdersQuery {
  order_id?: string | undefined;
  uid?: number | undefined;
  channel?: OrderRow['channel'] | undefined;
  product_id?: string | undefined;
  status?: OrderRow['status'] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
  size: number;
}

export interface OrderSearchServiceDeps {
  db: Db;
  /** The coin ledger is read through the wallet's own service (it alone reaches its tables). */
  ledger: Pick<WalletHistoryService, 'orderEntries'>;
}

/** Timeline steps at one instant keep the order in which they happened: the order, then what came of it. */
const STEP_RANK: Record<OrderTimelineEntry['kind'], number> = {
  created: 0,
  provider_event: 1,
  coins: 2,
  vip: 2,
  refund: 3,
};

/**
 * Finance's view of orders (docs/console.md#orders-and-refunds): the search, newest first in keyset
 * pages, and one order's history. Viewers appear by uid only: no phone number or other contact.
 */
export class OrderSearchService {
  private readonly orders: ConsoleOrdersRepository;
  private readonly refunds: OrderRefundsRepository;

  constructor(private readonly deps: OrderSearchServiceDeps) {
    this.orders = new ConsoleOrdersRepository(deps.db);
    this.refunds = new OrderRefundsRepository(deps.db);
  }

  async search(query: OrdersQuery): Promise<{ list: ConsoleOrderRow[]; next_cursor: string | null }> {
    const rows = await this.orders.search(
      {
        publicId: query.order_id,
        userId: query.uid,
        channel: query.channel,
        productId: query.product_id,
        status: query.status,
        from: query.from === undefined ? undefined : new Date(query.from),
        to: query.to === undefined ? undefined : new Date(query.to),
        afterPublicId: query.cursor,
      },
      // One more than shown tells whether another page exists.
      query.size + 1,
    );
    const shown = rows.slice(0, query.size);
    const last = shown.at(-1);
    return {
      list: shown.map(toConsoleOrderRow),
      next_cursor: rows.length > query.size && last ? last.publicId : null,
    };
  }

  async detail(publicId: string): Promise<ConsoleOrderDetail> {
    const order = await this.orders.findByPublicId(publicId);
    if (!order) throw new AppError(Code.NOT_FOUND, `No order ${publicId}`);
    const [events, coins, vip, refunds, held] = await Promise.all([
      this.orders.events(order.id),
      this.deps.ledger.orderEntries(order.userId, order.publicId),
      this.orders.vipEntries(order.id),
      this.refunds.listForOrder(order.id),
      this.refunds.heldCents(order.id),
    ]);
    const timeline: OrderTimelineEntry[] = [
      { kind: 'created', at: order.createdAt.toISOString() },
      ...events.map((event): OrderTimelineEntry => ({
        kind: 'provider_event',
        at: event.receivedAt.toISOString(),
        provider: event.provider,
        event_id: event.eventId,
        type: event.type,
        outcome: event.outcome,
      })),
      ...coins.map((entry): OrderTimelineEntry => ({
        kind: 'coins',
        at: entry.created_at,
        entry_id: entry.id,
        wallet_kind: entry.kind,
        amount: entry.amount,
        balance_after: entry.balance_after,
        key: entry.key,
      })),
      ...vip.map((entry): OrderTimelineEntry => ({
        kind: 'vip',
        at: entry.createdAt.toISOString(),
        entry_id: entry.id,
        vip_kind: entry.kind,
        seconds: entry.seconds,
        expires_after: entry.expiresAfter.toISOString(),
        key: entry.idempotencyKey,
      })),
      ...refunds.map(({ refund, operatorEmail }): OrderTimelineEntry => ({
        kind: 'refund',
        at: refund.createdAt.toISOString(),
        refund_id: refund.id,
        amount_cents: refund.amountCents,
        status: refund.status,
        operator_email: operatorEmail,
      })),
    ];
    // A stable sort: within one kind the lists above are already in the order they were written.
    timeline.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || STEP_RANK[a.kind] - STEP_RANK[b.kind]);
    return {
      order: toConsoleOrder(order, held),
      timeline,
      refunds: refunds.map(({ refund, operatorEmail }) => toConsoleRefund(refund, operatorEmail)),
    };
  }
}
