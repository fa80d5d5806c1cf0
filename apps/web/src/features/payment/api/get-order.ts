// The order-id rule is a zod schema: this page loads it on its own, off the home page's path.
import { orderIdSchema } from '@cliffhanger/contract';
import { Code, getOrder, isApiError, type Order, type OrderStatus } from '@cliffhanger/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Statuses after which an order no longer changes by itself (a refund comes much later). */
const SETTLED: ReadonlySet<OrderStatus> = new Set(['fulfilled', 'failed', 'canceled', 'refunded']);

export const isSettled = (order: Order | undefined): boolean => order !== undefined && SETTLED.has(order.status);

/**
 * How long to wait before asking again after `answers` answers: 1 s, growing by half each time,
 * at most 5 s. The webhook usually lands within a second or two; a slow one is not hammered.
 */
export function pollDelayMs(answers: number): number {
  return Math.min(1000 * 1.5 ** Math.max(0, answers - 1), 5000);
}

/** An order id from the query string, or null when there is none or it cannot be one. */
export function orderIdFrom(value: string | null): string | null {
  return value && orderIdSchema.safeParse(value).success ? value : null;
}

/**
 * The server answers an unknown order and another user's order alike (Code.NOT_FOUND); either way the
 * page says "not found" and nothing more.
 */
export const isOrderNotFound = (error: unknown): boolean =>
  isApiError(error) && (error.code === Code.NOT_FOUND || error.code === Code.INVALID_INPUT);

/**
 * GET /orders/:id: one order of the signed-in viewer, what it is and what it credited.
 *
 * `poll`: the success page asks until the order settles (fulfilment happens in the webhook, a
 * moment after Stripe sends the viewer back). A refusal by code stops the polling; a transport
 * failure does not, the next answer may get through.
 */
export function useOrder(orderId: string | null, { poll, enabled }: { poll: boolean; enabled: boolean }) {
  return useQuery({
    queryKey: ['order', orderId ?? ''],
    queryFn: async () => (await api.call(getOrder, { params: { id: orderId ?? '' } })).data,
    staleTime: 0,
    retry: false,
    refetchInterval: poll
      ? (query) => {
          const { data, error, dataUpdateCount, errorUpdateCount } = query.state;
          if (isSettled(data)) return false;
          if (isApiError(error) && !error.isTransportFailure) return false;
          return pollDelayMs(dataUpdateCount + errorUpdateCount);
        }
      : false,
    enabled: enabled && orderId !== null,
  });
}
