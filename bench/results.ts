import fs from 'node:fs';
import path from 'node:path';

const FILE = path.join(import.meta.dirname, 'results.json');

/** Stores one run in bench/results.json under `key`, keeping the other keys. */
export function saveResult(key: string, result: Record<string, unknown>): void {
  const previous = readResults();
  previous[key] = result;
  fs.writeFileSync(FILE, `${JSON.stringify(previous, null, 2)}\n`);
  console.log(`Written to bench/results.json under "${key}"`);
}

function readResults(): Record<string, unknown> {
  if (!fs.existsSync(FILE)) return {};
  const parsed = JSON.parse(fs.readFileSync(FILE, 'utf8')) as Record<string, unknown>;
  // The first bench wrote one run at the top level: keep it, under its own key.
  if ('rows' in parsed) return { 'demo shoes / pglite (first bench, one URL repeated)': parsed };
  return parsed;
}
