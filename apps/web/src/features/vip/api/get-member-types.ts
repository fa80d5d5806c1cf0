import { CURRENCY, getMemberTypes } from '@cliffhanger/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /member/type for the web's channel: the VIP plans with their USD prices, shortest first. */
export function useMemberPlans() {
  return useQuery({
    queryKey: ['member-types', 'stripe', CURRENCY],
    queryFn: async () =>
      (await api.call(getMemberTypes, { query: { pay_channel: 'stripe', currency: CURRENCY } })).data,
    staleTime: 5 * 60_000,
  });
}
