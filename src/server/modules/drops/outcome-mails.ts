import type { EventConsumer } from '../../events/domain-events.js';
import type { Mailer } from '../../mail/mailer.js';
import { dropOutcomeMail } from '../../mail/templates/drop-mails.js';
import type { DropsStore } from './store.js';

/**
 * Mails every entrant the outcome of a draw, after its commit: a winner and a declined card as each
 * is decided (drop.outcome), everyone not drawn once the draw is over (drop.drawn). One mail per
 * entry, kept under the entry's id: an event handed over twice mails nobody twice.
 */
export function createOutcomeMails(deps: { repository: DropsStore; mailer: Mailer; publicUrl: string }) {
  const { repository, mailer, publicUrl } = deps;

  async function mail(
    drop: { id: string; shoeName: string },
    entry: { id: string; email: string | null; size: string; orderId?: string | null },
    outcome: 'won' | 'declined' | 'lost',
  ): Promise<void> {
    if (!entry.email) return;
    const dropId = drop.id;
    const content = await dropOutcomeMail({
      publicUrl,
      dropId,
      shoeName: drop.shoeName,
      size: entry.size,
      outcome,
      orderId: entry.orderId ?? null,
    });
    await mailer.send({ to: entry.email, ...content }, { key: `drop-entry:${entry.id}` });
  }

  return (async (event) => {
    if (event.type !== 'drop.outcome' && event.type !== 'drop.drawn') return;
    const drop = await repository.find(event.payload.dropId);
    // A first-come purchase is an order like any other: its confirmation is the mail.
    if (!drop || drop.mode !== 'draw') return;
    if (event.type === 'drop.outcome') {
      const entry = await repository.entryForMail(event.payload.entryId);
      if (entry) await mail(drop, entry, event.payload.outcome);
    } else {
      for (const entry of await repository.lostEntries(drop.id)) await mail(drop, entry, 'lost');
    }
  }) satisfies EventConsumer;
}
