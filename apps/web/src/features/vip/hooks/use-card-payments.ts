import { useAppConfig } from '../../../lib/app-config/get-app-config';
import { useInAppPurchase } from '../../../lib/iap/iap-context';

/**
 * Whether the store can take payments here: inside the iOS shell through in-app purchase,
 * in a browser when this server takes card payments (GET /app/config `payment_channels.stripe`).
 * Until the configuration has loaded the buttons stay usable: a server without Stripe answers
 * Code.PAYMENT_CHANNEL_UNAVAILABLE, which is shown in words.
 */
export function useCardPayments(): boolean {
  const config = useAppConfig();
  const iap = useInAppPurchase();
  return iap.available || config.data?.payment_channels.stripe !== false;
}
