import { deletePushSubscriptions } from '@cliffhanger/contract/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unsubscribeThisDevice } from '../../../lib/push-device';
import { notificationSettingsKey } from './get-notification-settings';

/** DELETE /notifications/subscriptions: every device of the viewer stops at once. */
export function useUnsubscribeAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.call(deletePushSubscriptions);
      await unsubscribeThisDevice();
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationSettingsKey }),
  });
}
