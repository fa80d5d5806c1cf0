import { putNotificationSettings, type BodyOf } from '@cliffhanger/contract/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationSettingsKey } from './get-notification-settings';

/** PUT /notifications/settings: the answer replaces the cached settings. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BodyOf<typeof putNotificationSettings>) =>
      (await api.call(putNotificationSettings, { body })).data,
    onSuccess: (data) => queryClient.setQueryData(notificationSettingsKey, data),
  });
}
