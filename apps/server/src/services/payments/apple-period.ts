import type { VipPeriod } from '@cliffhanger/contract';
import { VIP_PERIOD_DAYS } from '@cliffhanger/contract';

const DAY_MS = 86_400_000;

/**
 * The longest each plan's period runs on the App Store's calendar: a month can have 31 days, a
 * quarter 92, a year 366 (VIP_PERIOD_DAYS holds the nominal lengths, which are shorter).
 */
const PLAN_MAX_DAYS: Record<VipPeriod, number> = { week: 7, month: 31, quarter: 92, year: 366 };

/**
 * Slack on top of that. Apple may date a renewal's purchase up to a day before the period it pays
 * starts (it charges ahead of expiry and after billing retries), which lengthens
 * expiresDate − purchaseDate by as much; more than a day is not a renewal of this plan.
 */
const PERIOD_SLACK_MS = DAY_MS;

/** What a signed App Store transaction of a VIP plan may grant, decided before anything is written. */
export type AppleVipTerms =
  /** VIP for `seconds` (the transaction's own period), never past `expiresAt`. */
  | { kind: 'grant'; seconds: number; expiresAt: Date }
  /** The period the transaction paid for is over: nothing to grant. */
  | { kind: 'expired'; expiresAt: Date }
  /** The transaction does not describe a period of this plan. */
  | { kind: 'refused'; reason: string };

/**
 * The VIP a transaction of the plan `period` pays for: from its purchase to its expiry, checked
 * against the plan's length and against now. A transaction without an expiry runs the plan's
 * nominal length from its purchase.
 */
export function appleVipTerms(
  period: VipPeriod,
  transaction: { purchaseDate?: number; expiresDate?: number },
  now: Date,
): AppleVipTerms {
  const start = transaction.purchaseDate ?? now.getTime();
  const end = transaction.expiresDate ?? start + VIP_PERIOD_DAYS[period] * DAY_MS;
  const length = end - start;
  if (length <= 0) return { kind: 'refused', reason: 'the transaction expires before its purchase' };
  if (length > PLAN_MAX_DAYS[period] * DAY_MS + PERIOD_SLACK_MS) {
    const days = Math.round((length / DAY_MS) * 10) / 10;
    return { kind: 'refused', reason: `a period of ${days} days is longer than the ${period} plan` };
  }
  const expiresAt = new Date(end);
  if (end <= now.getTime()) return { kind: 'expired', expiresAt };
  return { kind: 'grant', seconds: Math.round(length / 1000), expiresAt };
}
