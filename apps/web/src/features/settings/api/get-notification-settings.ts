import { getNotificationSettings, type NotificationSettings } from '@cliffhanger/contract/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const notificationSettingsKey = ['notification-settings'] as const;

/** GET /notifications/settings: what the viewer opted in to, and how many of their devices receive it. */
export function useNotificationSettings(enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: notificationSettingsKey,
      queryFn: async (): Promise<NotificationSettings> => (await api.call(getNotificationSettings)).data,
    }),
    enabled,
  });
}
