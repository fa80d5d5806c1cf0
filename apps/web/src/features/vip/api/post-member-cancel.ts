import { postMemberCancel, type Membership } from '@cliffhanger/contract/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MEMBERSHIP_QUERY_KEY } from '../../../lib/library-query-keys';

/** POST /member/cancel: no renewal after the paid period; VIP stays until its end. */
export async function cancelSubscription(): Promise<Membership> {
  const { data } = await api.call(postMemberCancel);
  return data;
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (membership) => queryClient.setQueryData(MEMBERSHIP_QUERY_KEY, membership),
    // Cancelled meanwhile (another tab, the billing portal): show what the server has now.
    onError: () => queryClient.invalidateQueries({ queryKey: MEMBERSHIP_QUERY_KEY }),
  });
}
