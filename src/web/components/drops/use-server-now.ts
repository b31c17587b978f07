import { useSyncExternalStore } from 'react';
import { useHydrated } from '../use-hydrated';

const everySecond = (tick: () => void) => {
  const timer = setInterval(tick, 1_000);
  return () => clearInterval(timer);
};
/** The device's clock to the second: what a countdown needs, and one render a second. */
const deviceSecond = () => Math.floor(Date.now() / 1_000) * 1_000;

/**
 * When, on the device's clock, an answer the server rendered into the page arrived: when the page's
 * HTML began to arrive (the Navigation Timing of the document).
 */
function pageArrivedAt(): number {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return performance.timeOrigin + (navigation?.responseStart ?? 0);
}

/**
 * The server's clock now, ticking each second: the `now` of an answer plus the time the device
 * counted since it arrived, so a device whose clock is wrong still counts down to the right moment.
 * `receivedAt` is the device's time of a read the browser made, null for an answer that came
 * rendered into the page. The server's render and the hydration show `now` itself, so both draw
 * the same markup.
 */
export function useServerNow(now: string, receivedAt: number | null): number {
  const hydrated = useHydrated();
  const second = useSyncExternalStore(everySecond, deviceSecond, () => 0);
  const answered = Date.parse(now);
  if (!hydrated) return answered;
  return answered + Math.max(0, second - (receivedAt ?? pageArrivedAt()));
}

/**
 * An answer with the device's time of its arrival: null when the server fetched it to render the
 * page (its clock is not the device's).
 */
export interface Timed<T> {
  answer: T;
  receivedAt: number | null;
}

export async function timed<T>(read: Promise<T>): Promise<Timed<T>> {
  const answer = await read;
  return { answer, receivedAt: typeof window === 'undefined' ? null : Date.now() };
}
