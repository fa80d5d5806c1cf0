import { postPushSubscription } from '@cliffhanger/contract/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { subscribeThisDevice, type PushDeviceProblem } from '../../../lib/push-device';
import { notificationSettingsKey } from './get-notification-settings';

/**
 * Asks the viewer's permission, subscribes this device (browser push or the iOS shell's token)
 * and POST /notifications/subscriptions. Answers the problem when the device cannot receive.
 */
export function useSubscribeDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (webPushKey: string): Promise<PushDeviceProblem | 'subscribed'> => {
      const device = await subscribeThisDevice(webPushKey);
      if (typeof device === 'string') return device;
      await api.call(postPushSubscription, { body: device });
      return 'subscribed';
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationSettingsKey }),
  });
}
