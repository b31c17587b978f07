import { FAVORITE_ALERT_TEXTS } from '../../../domain/contracts/favorite-alerts';
import { useFavoriteAlerts, useSetFavoriteAlerts } from '../../api/use-favorite-alerts';
import { errorMessage } from '../../api/http';

/**
 * The favorites page's opt-in (issue 35 item 3): one switch for all the user's favorites, saved on
 * the server; off until turned on. The mail's own link turns it off again without signing in.
 */
export function FavoriteAlertsSwitch({ userId }: { userId: string }) {
  const { data } = useFavoriteAlerts(userId);
  const save = useSetFavoriteAlerts(userId);
  const enabled = save.isPending ? save.variables : (data?.enabled ?? false);
  return (
    <div className="mt-3 flex flex-col gap-1">
      <label className="flex items-center gap-2 text-sm font-semibold text-ink">
        <input
          type="checkbox"
          role="switch"
          aria-checked={enabled}
          checked={enabled}
          disabled={data === undefined || save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
          className="size-4 accent-ink"
        />
        {FAVORITE_ALERT_TEXTS.label}
      </label>
      <p className="text-xs text-gray-700" role="status">
        {save.isError
          ? errorMessage(save.error)
          : data && (enabled ? FAVORITE_ALERT_TEXTS.on : FAVORITE_ALERT_TEXTS.off)}
      </p>
    </div>
  );
}
