import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * pg_dump or pg_restore: the one on PATH, else the newest of Debian's /usr/lib/postgresql/<n>/bin
 * (the client packages do not always link them onto PATH). pg_dump must be at least as new as the
 * server it dumps.
 */
export function findPgTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    if (fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((entry) => /^\d+$/.test(entry))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const tool = path.join(root, version, 'bin', name);
    if (fs.existsSync(tool)) return tool;
  }
  throw new Error(
    `${name} was not found on PATH nor in ${root}/*/bin: install PostgreSQL's client tools ` +
      "(Debian: apt install postgresql-client), of the server's major version or newer.",
  );
}

/**
 * The connection for a client tool without a password on its command line (where `ps` shows it):
 * the URL without it, the password in PGPASSWORD.
 */
export function connectionOf(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs the tool; a failure carries its own message (which names no password), not just a code. */
export async function runPgTool(
  name: 'pg_dump' | 'pg_restore',
  databaseUrl: string,
  args: string[],
): Promise<void> {
  const { dbname, env } = connectionOf(databaseUrl);
  const tool = findPgTool(name);
  try {
    await run(tool, [...args, `--dbname=${dbname}`], { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${name} failed: ${stderr || (error as Error).message}`, { cause: error });
  }
}
