import { useQuery } from '@tanstack/react-query';
import type { NotificationPreferences } from '../../../../../adapters/src/http/contract/accounts';
import { api } from '../../../lib/api-client';

export type { NotificationPreferences };

/** Spec §9 defaults: e-mail on, exam alerts on, report alerts off, system updates on. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailNotifications: true,
  examAlerts: true,
  reportAlerts: false,
  systemUpdates: true,
};

export const notificationPreferencesQueryKey = ['users', 'me', 'notification-preferences'] as const;

/** Stored server-side (product.md: "notification preferences are stored server-side"). */
export async function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  const body = await api.get<Partial<NotificationPreferences> | undefined>('/users/me/notification-preferences', { signal });
  return { ...DEFAULT_NOTIFICATION_PREFERENCES, ...body };
}

export function saveNotificationPreferences(preferences: NotificationPreferences): Promise<NotificationPreferences> {
  return api.put<NotificationPreferences>('/users/me/notification-preferences', { ...preferences });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationPreferencesQueryKey,
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });
}
