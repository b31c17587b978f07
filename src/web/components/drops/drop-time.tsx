import { useHydrated } from '../use-hydrated';

const local = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
const utc = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/**
 * A drop's moment (its opening, its close): in UTC as the server renders it, then in the shopper's own
 * zone once the app runs (the server cannot know the zone; both sides render UTC first, so the
 * hydration finds the same text).
 */
export function DropTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{(hydrated ? local : utc).format(new Date(iso))}</time>;
}
