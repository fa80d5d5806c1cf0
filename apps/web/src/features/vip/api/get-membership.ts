import { getMembership, type Membership } from '@cliffhanger/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MEMBERSHIP_QUERY_KEY } from '../../../lib/library-query-keys';

/** GET /member: the signed-in viewer's VIP and the subscription behind it. */
export function useMembership({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: MEMBERSHIP_QUERY_KEY,
    queryFn: async () => (await api.call(getMembership)).data,
    // A cancellation in the billing portal happens elsewhere: every visit asks again.
    staleTime: 0,
    enabled,
  });
}

/** Statuses in which the provider will not charge again (Stripe's names). */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired', 'unpaid']);

/**
 * A subscription that will charge again: the server refuses another plan then (Code.SUBSCRIPTION_EXISTS), so
 * the page offers managing it instead of buying.
 */
export function renewingSubscription(membership: Membership | undefined) {
  const subscription = membership?.subscription;
  if (!subscription || subscription.cancel_at_period_end || ENDED_STATUSES.has(subscription.status)) return null;
  return subscription;
}
