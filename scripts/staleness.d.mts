/**
 * True when an output is missing, or when anything under a source (a path relative to `rootDir`) is
 * newer than the oldest output.
 */
export function isBuildStale(
  rootDir: string,
  outputs: readonly string[],
  sources: readonly string[],
): boolean;
