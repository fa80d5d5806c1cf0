import type { ConsoleOrderRow, ConsoleRefund } from '@cliffhanger/contract/console';
import { t } from '../../i18n/messages';
import { dollarsOf } from './money';

export const channelLabel = (channel: ConsoleOrderRow['channel']) => t(`orders.channel.${channel}`);
export const statusLabel = (status: ConsoleOrderRow['status']) => t(`orders.status.${status}`);
export const refundStatusLabel = (status: ConsoleRefund['status']) => t(`orders.refundStatus.${status}`);
export const moneyLabel = (cents: number, currency: string) =>
  t('orders.money', { amount: dollarsOf(cents), currency });
