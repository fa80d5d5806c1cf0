import { postMemberCancel, postMemberPortal, postMemberResume } from '@cliffhanger/contract/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { goToExternalUrl } from '../../../lib/external-navigation';
import { MEMBERSHIP_QUERY_KEY } from '../../../lib/library-query-keys';

/**
 * POST /member/cancel: no renewal after the paid period; VIP stays until its end.
 * POST /member/resume: undoes a cancellation before the paid period ends.
 */
export function useChangeSubscription(change: 'cancel' | 'resume') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(change === 'cancel' ? postMemberCancel : postMemberResume)).data,
    onSuccess: (membership) => queryClient.setQueryData(MEMBERSHIP_QUERY_KEY, membership),
    // Cancelled meanwhile (another tab, the billing portal): show what the server has now.
    onError: () => queryClient.invalidateQueries({ queryKey: MEMBERSHIP_QUERY_KEY }),
  });
}

/** POST /member/portal: Stripe's billing portal (card, invoices, cancel), which returns to the VIP page. */
export function useBillingPortal() {
  return useMutation({
    mutationFn: async () => (await api.call(postMemberPortal)).data.url,
    onSuccess: (url) => goToExternalUrl(url),
  });
}
