import crypto from 'node:crypto';
import type { EventConsumer } from '../../../events/domain-events.js';
import type { Job, JobStore } from '../../../jobs/job-store.js';
import type { JobOutcome } from '../../../jobs/job-runner.js';
import type { Mailer } from '../../../mail/mailer.js';
import { favoriteAlertMail } from '../../../mail/templates/favorite-alert-mail.js';
import type { FavoriteAlertRepository } from './repository.js';

/** The durable job that mails one shopper's changed favorites once their window has passed. */
export const FAVORITE_ALERT_JOB = 'favorite-alerts.digest';

/**
 * Favorite alerts (issue 35 item 3, docs/decisions/028): a signed-in shopper who turned them on is
 * mailed when a favorite's price drops or it goes on sale. Changes are found after commit from
 * shoe.updated (every staff write of a shoe: the form, on sale, bulk edit, import), told once per
 * change (favorites.seen_* moved compare-and-set, favorite_alerts unique per event), and a shopper's
 * changes within `windowMs` go in one mail, sent by a durable job (any instance, once).
 */
export function createFavoriteAlertService(deps: {
  repository: FavoriteAlertRepository;
  jobs: Pick<JobStore, 'enqueue'>;
  /** Tells the job runner a job was queued (a window of 0 runs it at once). */
  kick: () => void;
  mailer: Mailer;
  publicUrl: string;
  /** The shop's session secret: the unsubscribe link is signed with it, so it needs no sign-in. */
  secret: string;
  windowMs: number;
}) {
  const { repository, jobs, kick, mailer, publicUrl, secret, windowMs } = deps;

  const signature = (userId: string) =>
    crypto.createHmac('sha256', secret).update(`favorite-alerts:${userId}`).digest('base64url');
  /** `<user id>.<signature>`: whoever holds the mail may turn that shopper's alerts off, nothing more. */
  const tokenOf = (userId: string) => `${Buffer.from(userId).toString('base64url')}.${signature(userId)}`;
  function userOfToken(token: string): string | undefined {
    const [encoded, given] = token.split('.');
    if (!encoded || !given) return undefined;
    const userId = Buffer.from(encoded, 'base64url').toString();
    const expected = Buffer.from(signature(userId));
    const actual = Buffer.from(given);
    return actual.length === expected.length && crypto.timingSafeEqual(actual, expected) ? userId : undefined;
  }

  return {
    tokenOf,

    async settings(userId: string): Promise<{ enabled: boolean }> {
      return { enabled: await repository.isEnabled(userId) };
    },

    async setEnabled(userId: string, enabled: boolean): Promise<{ enabled: boolean }> {
      await repository.setEnabled(userId, enabled);
      return { enabled };
    },

    /** The mail's link: turns the alerts off; false when the token is not one the shop signed. */
    async unsubscribe(token: string): Promise<boolean> {
      const userId = userOfToken(token);
      if (!userId) return false;
      await repository.setEnabled(userId, false);
      return true;
    },

    /** After a shoe changed: its favorites' shoppers are told, in their digest (queued with the change). */
    consumer: (async (event) => {
      if (event.type !== 'shoe.updated') return;
      const told = await repository.takeChange(event.id, event.payload.shoeId, (tx, userId) =>
        jobs.enqueue(
          { kind: FAVORITE_ALERT_JOB, payload: { userId }, createdBy: null, delayMs: windowMs },
          tx,
        ),
      );
      if (told.length > 0) kick();
    }) satisfies EventConsumer,

    /**
     * The digest job: the shopper's pending changes in one mail, kept under the job's key (a run
     * after a crash mails nothing twice); skipped when the account is disabled or deleted or the
     * alerts were turned off since. A later job of the same window finds nothing left and ends.
     */
    async digest(job: Job): Promise<JobOutcome> {
      const { userId } = job.payload as { userId: string };
      const alerts = await repository.claim(userId, job.id);
      if (alerts.length === 0) return { state: 'done', result: { mailed: 0 } };
      // A shoe deleted since is told of no more.
      const changes = alerts.flatMap((alert) =>
        alert.shoeId ? [{ ...alert, shoeId: alert.shoeId, name: alert.shoeName }] : [],
      );
      const to = await repository.recipient(userId);
      if (!to || to.status !== 'Enabled' || !to.enabled || changes.length === 0) {
        await repository.settle(job.id, 'skipped');
        return { state: 'done', result: { mailed: 0, skipped: alerts.length } };
      }
      const unsubscribeUrl = `${publicUrl}/api/favorite-alerts/unsubscribe?token=${tokenOf(userId)}`;
      const mail = await favoriteAlertMail({ publicUrl, changes, unsubscribeLink: unsubscribeUrl });
      await mailer.send({ to: to.email, ...mail, unsubscribeUrl }, { key: `favorite-alerts:${job.id}` });
      await repository.settle(job.id, 'sent');
      return { state: 'done', result: { mailed: changes.length } };
    },

    exportOf: (userId: string) => repository.exportOf(userId),

    /** A deleted account's switch and alerts go (docs/your-data.md); handed over twice, nothing more goes. */
    erasure: (async (event) => {
      if (event.type === 'account.deleted') await repository.eraseOf(event.payload.userId);
    }) satisfies EventConsumer,
  };
}

export type FavoriteAlertService = ReturnType<typeof createFavoriteAlertService>;
