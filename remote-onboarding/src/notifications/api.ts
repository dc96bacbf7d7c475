// Plain fetchers of the notification preferences screen (docs/api-contract.md).
import { apiGet, apiPut, userApiPath } from '@portal/shared/api/client';
import type { UserScope } from '@portal/shared/api/client';
import type { NotificationChoices, NotificationPreferences } from '@portal/shared/api/types';

/** GET /api/users/{userId}/notification-preferences: the channels chosen (e-mail only until saved). */
export async function fetchNotificationPreferences({ userId }: UserScope, signal?: AbortSignal): Promise<NotificationPreferences> {
  const envelope = await apiGet<NotificationPreferences>(userApiPath(userId, 'notification-preferences'), { signal });
  return envelope.data;
}

/** PUT /api/users/{userId}/notification-preferences: saves all three switches at once. */
export async function saveNotificationPreferences({ userId }: UserScope, choices: NotificationChoices): Promise<NotificationPreferences> {
  const envelope = await apiPut<NotificationPreferences>(userApiPath(userId, 'notification-preferences'), choices);
  return envelope.data;
}
