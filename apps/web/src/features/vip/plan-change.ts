import type { MemberPlan, Membership } from '@cliffhanger/contract/browser';

type VipPeriod = MemberPlan['period'];

/**
 * When a plan bought today next charges: Stripe bills a subscription from the day of checkout, in
 * calendar units (a month is the same day next month).
 */
export function nextChargeAfter(period: VipPeriod, from: Date): Date {
  const next = new Date(from);
  if (period === 'week') next.setDate(next.getDate() + 7);
  else next.setMonth(next.getMonth() + (period === 'month' ? 1 : period === 'quarter' ? 3 : 12));
  return next;
}

/**
 * The end of the VIP the viewer already has, when a plan bought now would come after it: the
 * server adds a paid period from that end, not from today (the two never overlap). Null when
 * there is no running VIP (the plan simply starts today).
 */
export function runningVipEnd(membership: Membership | undefined, now: Date): string | null {
  if (!membership?.active) return null;
  const end = membership.subscription?.current_period_end ?? membership.expires_at;
  if (!end || new Date(end).getTime() <= now.getTime()) return null;
  // The VIP end may run past the subscription's (a support grant on top): the later one counts.
  const expires = membership.expires_at;
  return expires && new Date(expires).getTime() > new Date(end).getTime() ? expires : end;
}
