import type { ReportRangeQuery } from '@cliffhanger/contract/console';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The range in a dashboard's address (`?from=…&to=…`); either left out, the server's default. */
export function rangeOf(search: URLSearchParams): ReportRangeQuery {
  const from = search.get('from');
  const to = search.get('to');
  return {
    ...(from !== null && DAY.test(from) ? { from } : {}),
    ...(to !== null && DAY.test(to) ? { to } : {}),
  };
}

/** The address's query for a range: the same range kept across the dashboards' tabs. */
export function searchOfRange(range: ReportRangeQuery): string {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}
