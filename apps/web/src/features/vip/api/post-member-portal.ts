import { postMemberPortal } from '@cliffhanger/contract/browser';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { goToExternalUrl } from '../../../lib/external-navigation';

/** POST /member/portal: Stripe's billing portal (card, invoices, cancel), which returns to the VIP page. */
export async function openBillingPortal(): Promise<string> {
  const { data } = await api.call(postMemberPortal);
  return data.url;
}

export function useBillingPortal() {
  return useMutation({ mutationFn: openBillingPortal, onSuccess: (url) => goToExternalUrl(url) });
}
