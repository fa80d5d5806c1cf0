import { getInvite, type InviteOverview } from '@cliffhanger/contract/browser';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { INVITE_QUERY_KEY } from './invite-keys';

/** GET /invite: own code, the invite record (newest first), counts, whether a code may still be entered, rules. */
export async function fetchInvite(): Promise<InviteOverview> {
  const { data } = await api.call(getInvite);
  return data;
}

export function useInvite({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: INVITE_QUERY_KEY, queryFn: fetchInvite, staleTime: 0, enabled });
}
