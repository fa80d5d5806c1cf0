import { ORDER_CHANNELS, ORDER_STATUSES, type OrdersQuery } from '@cliffhanger/contract/console';

/** The order search's filters as the form and the address hold them: text, '' when unset. Days are UTC. */
export interface OrderFilters {
  order: string;
  uid: string;
  channel: string;
  product: string;
  status: string;
  /** YYYY-MM-DD, the first day shown. */
  from: string;
  /** YYYY-MM-DD, the last day shown (included). */
  to: string;
}

const NAMES = ['order', 'uid', 'channel', 'product', 'status', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 3600 * 1000;
export const ORDER_ID = /^ord_[A-Za-z0-9]{16,40}$/;
export const UID = /^[1-9]\d{0,15}$/;

const oneOf = (value: string, allowed: readonly string[]) => (allowed.includes(value) ? value : '');

/** The filters of an address; a value the search would refuse is left out. */
export function filtersOf(search: URLSearchParams): OrderFilters {
  const value = (name: string) => search.get(name)?.trim() ?? '';
  return {
    order: ORDER_ID.test(value('order')) ? value('order') : '',
    uid: UID.test(value('uid')) ? value('uid') : '',
    channel: oneOf(value('channel'), ORDER_CHANNELS),
    product: value('product'),
    status: oneOf(value('status'), ORDER_STATUSES),
    from: DAY.test(value('from')) ? value('from') : '',
    to: DAY.test(value('to')) ? value('to') : '',
  };
}

/** The address of a filtered view: only the filters set. */
export function searchOf(filters: OrderFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of NAMES) {
    const value = filters[name].trim();
    if (value !== '') search.set(name, value);
  }
  return search;
}

/** What the API is asked: the `to` day is included, so the range ends at the start of the day after. */
export function ordersQueryOf(filters: OrderFilters): OrdersQuery {
  const query: OrdersQuery = {};
  if (filters.order !== '') query.order_id = filters.order;
  if (filters.uid !== '') query.uid = Number(filters.uid);
  if (filters.channel !== '') query.channel = filters.channel as OrdersQuery['channel'];
  if (filters.product !== '') query.product_id = filters.product;
  if (filters.status !== '') query.status = filters.status as OrdersQuery['status'];
  if (filters.from !== '') query.from = `${filters.from}T00:00:00Z`;
  if (filters.to !== '') query.to = new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS).toISOString();
  return query;
}
