import { CURRENCY, getMemberTypes, type MemberPlan } from '@cliffhanger/contract/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /member/type for the web's channel: the VIP plans with their USD prices, shortest first. */
export async function fetchMemberPlans(): Promise<MemberPlan[]> {
  const { data } = await api.call(getMemberTypes, { query: { pay_channel: 'stripe', currency: CURRENCY } });
  return data;
}

export const memberPlansQueryOptions = () =>
  queryOptions({
    queryKey: ['member-types', 'stripe', CURRENCY],
    queryFn: fetchMemberPlans,
    staleTime: 5 * 60_000,
  });

export function useMemberPlans() {
  return useQuery(memberPlansQueryOptions());
}
