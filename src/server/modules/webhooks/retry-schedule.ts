/** The waits between attempts (docs/operations.md "Webhooks"): the last one repeats until the window ends. */
export const DEFAULT_RETRY_DELAYS_MS = [
  10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000,
];

/** "100,200" as a schedule; unset: the default one. */
export const retryDelaysOf = (setting: string | undefined): number[] =>
  setting ? setting.split(',').map(Number) : DEFAULT_RETRY_DELAYS_MS;

/**
 * The wait after the `attempts`-th failed attempt, with jitter of up to a fifth either way so that
 * receivers coming back from an outage are not hit by every delivery at the same instant.
 */
export function nextDelayMs(delays: readonly number[], attempts: number, random = Math.random): number {
  const base = delays[Math.min(attempts, delays.length) - 1] ?? delays[0] ?? 10_000;
  return Math.round(base * (0.8 + 0.4 * random()));
}
