import { postMemberPurchase } from '@cliffhanger/contract/browser';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { goToExternalUrl } from '../../../lib/external-navigation';

/**
 * POST /member/purchase with Stripe: the server creates the order and a Checkout Session, and
 * the viewer leaves for Stripe's page. Nothing is credited here; the success page waits for the
 * order to be fulfilled by the webhook.
 */
export function usePurchase() {
  return useMutation({
    mutationFn: async (product: string) =>
      (await api.call(postMemberPurchase, { body: { product, pay_channel: 'stripe' } })).data,
    onSuccess: (result) => {
      if (result.checkout_url) goToExternalUrl(result.checkout_url);
    },
  });
}
