import type { AuditQuery } from '@cliffhanger/contract/console';

/** The audit viewer's filters as the form and the address hold them: text, '' when unset. Days are UTC. */
export interface AuditFilters {
  operator: string;
  action: string;
  target: string;
  /** YYYY-MM-DD, the first day shown. */
  from: string;
  /** YYYY-MM-DD, the last day shown (included). */
  to: string;
}

const NAMES = ['operator', 'action', 'target', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 3600 * 1000;

export function filtersOf(search: URLSearchParams): AuditFilters {
  const value = (name: string) => search.get(name)?.trim() ?? '';
  return {
    operator: /^\d+$/.test(value('operator')) ? value('operator') : '',
    action: value('action'),
    target: value('target'),
    from: DAY.test(value('from')) ? value('from') : '',
    to: DAY.test(value('to')) ? value('to') : '',
  };
}

/** The address of a filtered view: only the filters set. */
export function searchOf(filters: AuditFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of NAMES) {
    const value = filters[name].trim();
    if (value !== '') search.set(name, value);
  }
  return search;
}

/** What the API is asked: the `to` day is included, so the range ends at the start of the day after. */
export function auditQueryOf(filters: AuditFilters): AuditQuery {
  const query: AuditQuery = {};
  if (filters.operator !== '') query.operator_id = Number(filters.operator);
  if (filters.action !== '') query.action = filters.action;
  if (filters.target !== '') query.target = filters.target;
  if (filters.from !== '') query.from = `${filters.from}T00:00:00Z`;
  if (filters.to !== '') query.to = new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS).toISOString();
  return query;
}
