import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * SESSION_SECRET when set (required when several instances share sessions);
 * otherwise one generated on first start and kept in DATA_DIR, so sessions
 * survive restarts.
 */
export function resolveSessionSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'session-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
