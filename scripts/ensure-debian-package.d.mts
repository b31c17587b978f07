export interface DebianPackage {
  /** The Debian package's name. */
  pkg: string;
  /** The files it must provide. */
  paths: readonly string[];
  /** Who needs them, for the messages ("The browser tests"). */
  needs: string;
  /** Install without the recommended packages. */
  noRecommends?: boolean;
}

/** What the helper asks of the machine; the tests hand in their own. */
export interface Machine {
  exists(file: string): boolean;
  isRoot(): boolean;
  hasAptGet(): boolean;
  run(command: string): void;
  log(line: string): void;
  error(line: string): void;
  exit(code: number): void;
}

/**
 * Makes sure `paths` exist, installing Debian's `pkg` with apt-get when running as root, else saying
 * the command to run and exiting 1.
 */
export function ensureDebianPackage(wanted: DebianPackage, system?: Machine): void;
