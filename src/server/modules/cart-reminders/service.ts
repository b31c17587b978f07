import crypto from 'node:crypto';
import type { User } from '../../../domain/account.js';
import type { CartLine } from '../../../domain/cart-lines.js';
import type { ReminderOverview, ReminderSettings } from '../../../domain/contracts/cart-reminders.js';
import type { SavedCart } from '../../../domain/contracts/carts.js';
import type { EventConsumer } from '../../events/domain-events.js';
import { HttpError } from '../../http/errors.js';
import { createSignedTokens } from '../../http/signed-token.js';
import type { Job } from '../../jobs/job-store.js';
import type { JobOutcome } from '../../jobs/job-runner.js';
import type { Mailer } from '../../mail/mailer.js';
import { cartReminderMail } from '../../mail/templates/cart-reminder.js';
import { cents } from '../../mail/templates/order-parts.js';
import type { CartReminderRepository, PendingReminder } from './repository.js';

/** The durable job that finds due carts and sends their reminders (src/server/jobs, decision 023). */
export const SCAN_JOB = 'cart-reminders.scan';
/** Carts claimed, and reminders sent, per batch of a scan. */
const BATCH = 100;
/** A restore link works this long after its mail. */
const RESTORE_LINK_MS = 30 * 86_400_000;

/** The jobs a scan needs: the latest scan job, queue one, or queue the finished one again. */
export interface ScanJobs {
  latest(kindPrefix: string, limit: number): Promise<Job[]>;
  enqueue(job: { kind: string; payload: unknown; createdBy: string | null }): Promise<string>;
  move(id: string, from: Job['state'], to: Job['state']): Promise<boolean>;
}

/** What the reminders need of other modules, handed over by the wiring (features never import each other). */
export interface ReminderDeps {
  repository: CartReminderRepository;
  mailer: Mailer;
  publicUrl: string;
  /** Signs the links' tokens (the session secret). */
  secret: string;
  clock: { now(): Date };
  /** CART_REMINDER_AFTER, CART_REMINDER_SECOND_AFTER and CART_REMINDER_SCAN_EVERY, in ms. */
  afterMs: number;
  secondAfterMs: number;
  scanEveryMs: number;
  jobs: ScanJobs;
  kick(): Promise<void>;
  /** modules/carts' merge (signing in's): the reminded lines into the shopper's saved cart. */
  mergeIntoCart(userId: string, lines: CartLine[]): Promise<SavedCart>;
  readCart(userId: string): Promise<SavedCart>;
  /** modules/discounts: the second reminder's single-use code for that shopper. */
  createPersonalCode(code: {
    code: string;
    userId: string;
    amount: { kind: 'percent'; percent: number } | { kind: 'fixed'; amountCents: number };
    endsOn: string;
  }): Promise<void>;
  log: { error(object: unknown, message: string): void };
}

type Purpose = 'restore' | 'unsubscribe';

/**
 * A link's token: what it is for, whom it names (and which reminder), until when, signed with the
 * shop's secret. It grants nothing but that one thing: no session, no password, no other account.
 */
export function createLinkTokens(secret: string) {
  // The purpose keeps the key of the links already mailed.
  const tokens = createSignedTokens(secret, 'cart-reminders');
  return {
    sign: (claims: { p: Purpose; u: string; r?: string; e?: number }): string => tokens.sign(claims),
    verify(token: string, purpose: Purpose, now: Date): { u: string; r?: string } | undefined {
      const claims = tokens.verify(token);
      if (!claims || claims.p !== purpose || typeof claims.u !== 'string') return undefined;
      if (typeof claims.e === 'number' && claims.e < now.getTime()) return undefined;
      return { u: claims.u, ...(typeof claims.r === 'string' ? { r: claims.r } : {}) };
    },
  };
}

/** A code nobody guesses: BACK and 10 letters or digits. */
const newCode = () =>
  `BACK${crypto.randomBytes(10).toString('base64url').replace(/[-_]/g, '').toUpperCase().slice(0, 10)}`;

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Abandoned-cart reminders (issue 35 item 2, docs/decisions/029). A scan (a durable job, one at a
 * time across instances, queued every CART_REMINDER_SCAN_EVERY) claims each due cart once per
 * reminder number, then sends what is claimed and not yet sent, checking again that the account and
 * the cart still call for it. A restart between the claim and the mail loses nothing (the claim is
 * pending until sent) and mails nobody twice (the mail's key is the reminder's).
 */
export function createCartReminderService(deps: ReminderDeps) {
  const { repository, mailer, publicUrl, clock, jobs } = deps;
  const tokens = createLinkTokens(deps.secret);
  let timer: NodeJS.Timeout | undefined;

  const restoreLink = (userId: string, reminderId: string, now: Date) =>
    `${publicUrl}/cart?restore=${tokens.sign({ p: 'restore', u: userId, r: reminderId, e: now.getTime() + RESTORE_LINK_MS })}`;
  const unsubscribeLink = (userId: string) =>
    `${publicUrl}/api/cart-reminders/unsubscribe?token=${tokens.sign({ p: 'unsubscribe', u: userId })}`;

  /** Why a claimed reminder is not to be sent any more, or undefined when it is. */
  function skipReason(pending: PendingReminder): string | undefined {
    const { reminder, cart } = pending;
    if (pending.status !== 'Enabled') return `account ${pending.status.toLowerCase()}`;
    if (pending.optedOut) return 'unsubscribed';
    if (!cart || cart.cartId !== reminder.cartId) return 'paid or emptied';
    if (cart.lines === 0) return 'emptied';
    if (cart.updatedAt > reminder.claimedAt) return 'changed since';
    return undefined;
  }

  async function send(pending: PendingReminder, settings: ReminderSettings, now: Date): Promise<void> {
    const { reminder } = pending;
    const reason = skipReason(pending);
    if (reason) return repository.markSkipped(reminder.id, reason);
    let code: { code: string; off: string; endsOn: string } | undefined;
    if (reminder.number === 2 && reminder.discountCode) {
      const endsOn = day(new Date(now.getTime() + settings.expiryDays * 86_400_000));
      const amount =
        settings.kind === 'percent'
          ? ({ kind: 'percent', percent: settings.value } as const)
          : ({ kind: 'fixed', amountCents: settings.value } as const);
      await deps.createPersonalCode({ code: reminder.discountCode, userId: reminder.userId, amount, endsOn });
      code = {
        code: reminder.discountCode,
        off: settings.kind === 'percent' ? `${settings.value}%` : cents(settings.value),
        endsOn,
      };
    }
    const unsubscribeUrl = unsubscribeLink(reminder.userId);
    const mail = await cartReminderMail({
      publicUrl,
      name: pending.name,
      lines: await repository.mailLines(reminder.lines),
      restoreLink: restoreLink(reminder.userId, reminder.id, now),
      unsubscribeLink: unsubscribeUrl,
      ...(code ? { code } : {}),
    });
    await mailer.send(
      { to: pending.email, ...mail, unsubscribeUrl },
      { key: `cart-reminder:${reminder.id}` },
    );
    await repository.markSent(reminder.id);
  }

  /** One scan: claims due carts (first reminders, then seconds if on), then sends every pending claim. */
  async function scan(signal?: AbortSignal): Promise<{ claimed: number; handled: number }> {
    const now = clock.now();
    const settings = await repository.settings();
    let claimed = 0;
    let handled = 0;
    const rounds: [1 | 2, number][] = [[1, deps.afterMs]];
    if (settings.secondEnabled) rounds.push([2, deps.secondAfterMs]);
    for (const [number, afterMs] of rounds) {
      for (;;) {
        if (signal?.aborted) return { claimed, handled };
        // The second: its delay after the last touch, and never sooner after the first than the gap between them.
        const firstSentBefore = new Date(now.getTime() - Math.max(0, deps.secondAfterMs - deps.afterMs));
        const due = await repository.due(number, new Date(now.getTime() - afterMs), BATCH, firstSentBefore);
        let made = 0;
        for (const cart of due)
          if (await repository.claim(cart, number, number === 2 ? newCode() : null)) made++;
        claimed += made;
        // Another instance claimed the rest meanwhile, or none is left: this number is done.
        if (due.length < BATCH || made === 0) break;
      }
    }
    for (;;) {
      if (signal?.aborted) break;
      const pending = await repository.pending(BATCH);
      for (const one of pending) {
        await send(one, settings, now);
        handled++;
      }
      if (pending.length < BATCH) break;
    }
    return { claimed, handled };
  }

  async function overview(): Promise<ReminderOverview> {
    const [settings, figures] = await Promise.all([repository.settings(), repository.overview()]);
    return {
      settings,
      reminded: figures.reminded,
      recovered: figures.recovered,
      recoveredRevenue: figures.recoveredCents / 100,
      codesSent: figures.codesSent,
      codesUsed: figures.codesUsed,
    };
  }

  /** Queues the scan: the shop's one scan job, queued again once done; nothing when it waits or runs. */
  async function queueScan(): Promise<void> {
    const [job] = await jobs.latest(SCAN_JOB, 1);
    if (!job) await jobs.enqueue({ kind: SCAN_JOB, payload: {}, createdBy: null });
    else if (job.state === 'done' || job.state === 'failed') await jobs.move(job.id, job.state, 'queued');
  }

  return {
    /** The job's handler: a scan, its figures as the result. */
    async handler(_job: Job, context: { signal: AbortSignal }): Promise<JobOutcome> {
      const result = await scan(context.signal);
      return { state: 'done', result };
    },

    /** Queues a scan and runs this instance's jobs until none is left (tests, and every period). */
    async scanNow(): Promise<void> {
      await queueScan();
      await deps.kick();
    },

    start(): void {
      timer = setInterval(() => {
        queueScan()
          .then(() => deps.kick())
          .catch((error: unknown) =>
            deps.log.error({ err: error }, 'the cart reminders scan was not queued'),
          );
      }, deps.scanEveryMs);
      timer.unref();
    },

    stop(): void {
      if (timer) clearInterval(timer);
    },

    /**
     * The mail's link (`/cart?restore=`): the lines the reminder named are merged into the signed-in
     * shopper's saved cart, as at sign-in; the device takes the answer. Only the account the mail was
     * for; a cart paid since is not filled again.
     */
    async restore(user: User, token: string): Promise<SavedCart> {
      const claims = tokens.verify(token, 'restore', clock.now());
      const reminder = claims?.r ? await repository.find(claims.r) : undefined;
      if (!claims || !reminder || reminder.userId !== claims.u)
        throw new HttpError(404, 'not_found', 'This link is not valid any more.');
      if (claims.u !== user._id)
        throw new HttpError(
          403,
          'forbidden',
          'This link is for another account: sign in with the one it was mailed to.',
        );
      if (reminder.recoveredOrderId || (await repository.wasPaid(user._id, reminder.cartId)))
        return deps.readCart(user._id);
      const lines: CartLine[] = reminder.lines.map((line) => ({
        _id: line.shoeId,
        name: line.name,
        image: line.image,
        quantity: line.quantity,
        price: 0,
        size: line.size,
      }));
      const restored = await deps.mergeIntoCart(user._id, lines);
      await repository.recordRestore(reminder.id, user._id);
      return restored;
    },

    /** The mail's unsubscribe link: no more reminders to that account. */
    async unsubscribe(token: string): Promise<boolean> {
      const claims = tokens.verify(token, 'unsubscribe', clock.now());
      return claims ? repository.optOut(claims.u) : false;
    },

    overview,

    async saveSettings(settings: ReminderSettings, actor: User): Promise<ReminderOverview> {
      const before = await repository.settings();
      await repository.saveSettings(settings, {
        actor,
        record: {
          action: 'reminders.settings',
          target: { type: 'cart-reminders', label: 'Cart reminders' },
          before,
          after: settings,
        },
      });
      return overview();
    },

    /** The data download (docs/your-data.md): each reminder, what it named, when, and its code. */
    async exportOf(userId: string) {
      const [reminders, optedOut] = await Promise.all([
        repository.ofUser(userId),
        repository.optedOut(userId),
      ]);
      return {
        unsubscribed: optedOut,
        reminders: reminders.map((reminder) => ({
          number: reminder.number,
          state: reminder.state,
          claimedAt: reminder.claimedAt.toISOString(),
          sentAt: reminder.sentAt?.toISOString() ?? null,
          lines: reminder.lines.map(({ shoeId, name, size, quantity }) => ({ shoeId, name, size, quantity })),
          discountCode: reminder.discountCode,
        })),
      };
    },

    /** A paid order: the reminded cart it paid is recovered (after modules/carts recorded the payment). */
    recovery: (async (event) => {
      if (event.type === 'order.paid') await repository.recordRecovery(event.payload.orderId);
    }) satisfies EventConsumer,

    /** A deleted account's reminders go (docs/your-data.md). */
    erasure: (async (event) => {
      if (event.type === 'account.deleted') await repository.eraseOf(event.payload.userId);
    }) satisfies EventConsumer,
  };
}

export type CartReminderService = ReturnType<typeof createCartReminderService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The cart reminders (app.ts): tests run a scan with `scanNow()`. */
    cartReminders: CartReminderService;
  }
}
