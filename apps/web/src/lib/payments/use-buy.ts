import { Code, isApiError, postMemberPurchase } from '@cliffhanger/contract/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../use-translation';
import { api } from '../api-client';
import { messageForError } from '../error-message';
import { goToExternalUrl } from '../external-navigation';
import { useInAppPurchase } from '../iap/iap-context';
import { MEMBERSHIP_QUERY_KEY } from '../library-query-keys';
import { useRequireLogin } from '../require-login';
import { showToast } from '../toast';

/**
 * Buying one product: a visitor is sent to sign in and comes back to `returnTo` (the same tab
 * and product); a viewer goes to Stripe Checkout, or inside the iOS shell buys through StoreKit
 * (lib/iap, which tells each state itself). A refusal is told in words (Code.PAYMENT_CHANNEL_UNAVAILABLE,
 * SUBSCRIPTION_EXISTS, PAYMENT_PROVIDER_ERROR).
 *
 * POST /member/purchase with Stripe: the server creates the order and a Checkout Session, and the
 * viewer leaves for Stripe's page. Nothing is credited here; the success page waits for the order
 * to be fulfilled by the webhook.
 */
export function useBuy() {
  const { t } = useTranslation();
  const requireLogin = useRequireLogin();
  const queryClient = useQueryClient();
  const purchase = useMutation({
    mutationFn: async (product: string) =>
      (await api.call(postMemberPurchase, { body: { product, pay_channel: 'stripe' } })).data,
    onSuccess: (result) => {
      if (result.checkout_url) goToExternalUrl(result.checkout_url);
    },
  });
  const { reset } = purchase;
  const iap = useInAppPurchase();

  // Back from Stripe through the browser's back-forward cache: the page comes back as it was
  // left, "opening checkout" included, so the buttons are given back.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  const buy = (product: string, returnTo: string) => {
    if (!requireLogin(returnTo)) return;
    if (iap.available) {
      void iap.buy(product);
      return;
    }
    purchase.mutate(product, {
      onError: (error) => {
        showToast(messageForError(error, t));
        // The page thought there was no renewing subscription: show the one the server knows.
        if (isApiError(error) && error.code === Code.SUBSCRIPTION_EXISTS) {
          void queryClient.invalidateQueries({ queryKey: MEMBERSHIP_QUERY_KEY });
        }
      },
    });
  };

  // Pending, or already leaving for Stripe: a second tap must not open a second order.
  const busyProduct = purchase.isPending || purchase.isSuccess ? purchase.variables : undefined;
  return { buy, busyProduct, busy: busyProduct !== undefined };
}
