import { toUser } from '../auth/identity.js';
import type { AuthRepository } from '../auth/auth-repository.js';
import type { Database } from '../db/client.js';
import type { JobStore } from '../jobs/job-store.js';
import type { Mailer } from '../mail/mailer.js';
import { createDrawJob } from '../modules/drops/draw-job.js';
import { createOutcomeMails } from '../modules/drops/outcome-mails.js';
import { createDropsStore } from '../modules/drops/store.js';
import { createDropsService } from '../modules/drops/service.js';
import { createSettleJob } from '../modules/drops/settle-job.js';
import { createWaitingRoom } from '../modules/drops/waiting-room.js';
import { createWinnerCheckout, type DropCheckout } from '../modules/drops/winner-checkout.js';
import type { PaymentProvider } from '../payments/payment-provider.js';

/**
 * The drops (services.ts's drops group): the service the routes use, the draw's job handler, which
 * charges winners through the checkout, and the consumers that mail outcomes and erase entries.
 */
export function wireDrops(options: {
  db: Database;
  payments: PaymentProvider;
  jobs: JobStore;
  kick: () => void;
  checkout: DropCheckout;
  /** Whether the shop ships by a method now: an entry's choice is checked against it. */
  offersShipping: (methodId: string) => Promise<boolean>;
  identities: Pick<AuthRepository, 'findUser'>;
  adminEmail: string;
  mailer: Mailer;
  publicUrl: string;
  /** The shop's secret: the waiting room's places are signed with it. */
  secret: string;
}) {
  const {
    db,
    payments,
    jobs,
    kick,
    checkout,
    offersShipping,
    identities,
    adminEmail,
    mailer,
    publicUrl,
    secret,
  } = options;
  const repository = createDropsStore(db);
  const service = createDropsService({ repository, payments, offersShipping, jobs, kick });
  const chargeEntry = createWinnerCheckout({
    checkout,
    findUser: async (userId) => {
      const row = await identities.findUser(userId);
      return row && row.status === 'Enabled' ? toUser(row, adminEmail) : undefined;
    },
  });
  return {
    service,
    waitingRoom: createWaitingRoom({ repository, payments, offersShipping, chargeEntry, jobs, secret }),
    settleJob: createSettleJob({ repository, checkout, jobs }),
    drawJob: createDrawJob({ repository, chargeEntry }),
    /** Forgets the storefront's drops: handed the events before the catalogue cache (services.ts). */
    storefrontConsumer: service.storefrontConsumer,
    consumers: [createOutcomeMails({ repository, mailer, publicUrl }), service.erasure],
  };
}
