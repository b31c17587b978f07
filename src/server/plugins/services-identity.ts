import type { FastifyBaseLogger } from 'fastify';
import { createAuth, ensureAdmin } from '../auth/auth-instance.js';
import { createAuthRepository } from '../auth/auth-repository.js';
import { createCurrentUser } from '../auth/current-user.js';
import { createEmailConfirmation } from '../auth/email-confirmation.js';
import { resolveSessionSecret } from '../auth/session-secret.js';
import type { Config } from '../config.js';
import type { Database, DatabaseHandle } from '../db/client.js';
import { withStartupLock } from '../db/migrate.js';
import type { Mailer } from '../mail/mailer.js';

/**
 * Who is asking (services.ts's first group): the session secret, better-auth over the shop's users,
 * the administrator created at the first start, and the current user of a request.
 */
export async function wireIdentity(options: {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  bootstrapAdmin: boolean;
}) {
  const { config, database, db, mailer, publicUrl, log } = options;
  const adminEmail = config.ADMIN_EMAIL;
  const google = config.GOOGLE_CLIENT_ID
    ? {
        clientId: config.GOOGLE_CLIENT_ID,
        clientSecret: config.GOOGLE_CLIENT_SECRET,
        issuer: config.GOOGLE_ISSUER,
      }
    : undefined;
  const secret = resolveSessionSecret(config.SESSION_SECRET, config.dataDir);
  const identities = createAuthRepository(db);
  const emailConfirmation = createEmailConfirmation({ mailer, publicUrl, log });
  const auth = createAuth({ repository: identities, mailer, emailConfirmation, secret, publicUrl, google });
  if (options.bootstrapAdmin) {
    const admin = { email: adminEmail, password: config.ADMIN_PASSWORD };
    // Under the startup lock: instances starting together must not both find it missing and create it.
    await withStartupLock(database, () => ensureAdmin(auth, identities, admin, (line) => log.warn(line)));
  }
  const currentUser = createCurrentUser({ auth, repository: identities, adminEmail });
  return { secret, identities, auth, emailConfirmation, currentUser, googleEnabled: Boolean(google) };
}
