import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  favoriteAlertSettingsSchema,
  type FavoriteAlertSettings,
} from '../../domain/contracts/favorite-alerts';
import { apiUrl, getData, sendJson } from './http';

/** The user's own query (under `user`, dropped at sign-out with the rest). */
const alertsKey = (userId: string) => ['user', 'favorite-alerts', userId] as const;
const alertsUrl = (userId: string) => apiUrl(`/favorites/${encodeURIComponent(userId)}/alerts`);

/** `GET /api/favorites/{userId}/alerts`: whether the user is mailed when a favorite costs less. */
export function useFavoriteAlerts(userId: string | undefined) {
  return useQuery({
    queryKey: alertsKey(userId ?? ''),
    queryFn: ({ signal }) => getData(alertsUrl(userId ?? ''), favoriteAlertSettingsSchema, signal),
    enabled: Boolean(userId),
  });
}

/** `PUT /api/favorites/{userId}/alerts`: turns them on or off; the answer is the new setting. */
export function useSetFavoriteAlerts(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      sendJson('PUT', alertsUrl(userId), { enabled }, favoriteAlertSettingsSchema),
    onSuccess: (settings: FavoriteAlertSettings) => queryClient.setQueryData(alertsKey(userId), settings),
  });
}
