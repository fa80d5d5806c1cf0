import { Code } from '@cliffhanger/contract';
import { REPORT_DEFAULT_DAYS, REPORT_RANGE_MAX_DAYS, type ReportRangeQuery } from '@cliffhanger/contract/console';
import { AppError } from '../../../http/envelope.js';
import type { ReportWindow } from '../../../repositories/reports-money.repository.js';
import { addDays, type RewardCalendar } from '../../rewards/reward-calendar.js';

/** A dashboard's range: local days `from`..`to` (both included), as instants, and every day in it. */
export interface ReportRange extends ReportWindow {
  from: string;
  to: string;
}

const dayCount = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/**
 * The days a dashboard covers, in the rewards time zone: those asked for, or the last 30 days to
 * today. A range that ends before it starts, or is longer than a year and a day, is refused.
 */
export function resolveRange(query: ReportRangeQuery | undefined, calendar: RewardCalendar, now: Date): ReportRange {
  const to =
    query?.to ?? (query?.from === undefined ? calendar.dateOf(now) : addDays(query.from, REPORT_DEFAULT_DAYS - 1));
  const from = query?.from ?? addDays(to, -(REPORT_DEFAULT_DAYS - 1));
  const count = dayCount(from, to);
  if (count < 1 || count > REPORT_RANGE_MAX_DAYS) {
    throw new AppError(
      Code.REPORT_RANGE_INVALID,
      `A range must end on or after its first day and span at most ${REPORT_RANGE_MAX_DAYS} days`,
      { max_days: REPORT_RANGE_MAX_DAYS },
    );
  }
  const days = Array.from({ length: count }, (_, i) => addDays(from, i));
  return {
    from,
    to,
    days,
    start: calendar.startOf(from),
    end: calendar.startOf(addDays(to, 1)),
    bounds: [...days, addDays(to, 1)].map((day) => calendar.startOf(day)),
    timeZone: calendar.timeZone,
  };
}
