import { useAppConfig } from '../../../lib/app-config/get-app-config';

/**
 * Whether this server takes card payments (GET /app/config `payment_channels.stripe`). Until the
 * configuration has loaded the buttons stay usable: a server without Stripe answers 50002, which
 * is shown in words.
 */
export function useCardPayments(): boolean {
  return useAppConfig().data?.payment_channels.stripe !== false;
}
