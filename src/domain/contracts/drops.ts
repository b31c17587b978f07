import { z } from 'zod';
import { DROP_MODES, DROP_PHASES, DROP_STATUSES } from '../drop-phase.js';
import { ENTRY_FLAGS, ENTRY_OUTCOMES } from '../drops.js';
import { QUEUE_STATUSES } from '../waiting-room.js';

/** The shoe a drop sells, as the storefront shows it. */
const dropShoeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  brand: z.string(),
  image: z.string(),
  price: z.number(),
});

/**
 * A drop as anyone sees it (`GET /api/drops`, `/api/drops/:id`): the seed's commitment from the
 * start, the seed itself only once drawn (docs/decisions/032), and how many have entered.
 */
export const dropAnswerSchema = z.object({
  _id: z.string(),
  shoe: dropShoeSchema,
  mode: z.enum(DROP_MODES),
  phase: z.enum(DROP_PHASES),
  opensAt: z.string(),
  closesAt: z.string(),
  /** SHA-256 of the secret seed, as 64 hex characters: published before entries open. */
  commitment: z.string(),
  /** The seed, revealed at the draw; null before. */
  seed: z.string().nullable(),
  drawnAt: z.string().nullable(),
  sizes: z.array(z.object({ size: z.string(), pairs: z.number().int() })),
  entries: z.number().int(),
  /** The server's clock when it answered: a countdown runs from it, not from the device's clock. */
  now: z.string(),
});
export type DropAnswer = z.infer<typeof dropAnswerSchema>;

export const dropListAnswerSchema = z.array(dropAnswerSchema);

export const dropListQuerySchema = z.object({
  /** Only this shoe's drops. */
  shoe: z.string().max(100).optional(),
});

/**
 * A draw's published result (`GET /api/drops/:id/result`): every entry id with its size and, once
 * drawn, what the walk did with it. With the seed and the pairs, anyone recomputes the winners.
 */
export const dropResultAnswerSchema = z.object({
  commitment: z.string(),
  seed: z.string().nullable(),
  pairs: z.record(z.string(), z.number().int()),
  entries: z.array(
    z.object({
      id: z.string(),
      size: z.string(),
      /** `won` and `declined` were charged; `lost` was not reached; `entered` is not drawn yet. */
      outcome: z.enum(ENTRY_OUTCOMES),
    }),
  ),
});
export type DropResultAnswer = z.infer<typeof dropResultAnswerSchema>;

/** A shopper's own entry, on the drop's page and in their account. */
export const myEntrySchema = z.object({
  _id: z.string(),
  dropId: z.string(),
  shoe: z.object({ _id: z.string(), name: z.string(), image: z.string() }),
  phase: z.enum(DROP_PHASES),
  closesAt: z.string(),
  size: z.string(),
  cardLast4: z.string().nullable(),
  outcome: z.enum(ENTRY_OUTCOMES),
  orderId: z.string().nullable(),
  createdAt: z.string(),
});
export type MyEntry = z.infer<typeof myEntrySchema>;

export const myEntryListAnswerSchema = z.array(myEntrySchema);

export const entryAnswerSchema = z.object({ message: z.string(), entry: myEntrySchema });

/** An entry as staff see it, with who, where, and the flags of other shoppers' tries. */
export const adminEntrySchema = z.object({
  _id: z.string(),
  email: z.string(),
  size: z.string(),
  city: z.string(),
  state: z.string(),
  cardLast4: z.string().nullable(),
  outcome: z.enum(ENTRY_OUTCOMES),
  orderId: z.string().nullable(),
  flags: z.array(z.object({ reason: z.enum(ENTRY_FLAGS), email: z.string(), at: z.string() })),
  createdAt: z.string(),
});

/** A drop in the admin panel: what anyone sees, its stored status, the sizes' sales and the entries. */
export const adminDropAnswerSchema = dropAnswerSchema.extend({
  status: z.enum(DROP_STATUSES),
  admitPerMinute: z.number().int(),
  minutesToPay: z.number().int(),
  sizes: z.array(z.object({ size: z.string(), pairs: z.number().int(), sold: z.number().int() })),
  flagged: z.number().int(),
  /** How many shoppers joined a first-come drop's waiting room (0 for a draw). */
  queued: z.number().int(),
  /** The draw's job: its state and how far it got, once entries closed. */
  draw: z
    .object({
      state: z.string(),
      done: z.number().int(),
      total: z.number().int(),
      error: z.string().nullable(),
    })
    .nullable(),
});
export type AdminDropAnswer = z.infer<typeof adminDropAnswerSchema>;

export const adminDropListAnswerSchema = z.array(adminDropAnswerSchema);

export const adminEntryListAnswerSchema = z.array(adminEntrySchema);
export type AdminEntry = z.infer<typeof adminEntrySchema>;

/**
 * A shopper's place in a first-come drop's waiting room (`POST` to join, `GET` to poll
 * `/api/drops/:id/queue`; docs/decisions/034). The place travels in an httpOnly cookie signed by the
 * shop, so a poll needs no database read.
 */
export const queueAnswerSchema = z.object({
  status: z.enum(QUEUE_STATUSES),
  /** From 1; null while joined early, until the opening draws the early arrivals' order. */
  place: z.number().int().nullable(),
  /** Places before this one not let in yet. */
  ahead: z.number().int().nullable(),
  /** When this place is let in, and until when it may pay. */
  admitAt: z.string().nullable(),
  payBy: z.string().nullable(),
  /** Pairs not sold yet, all sizes (a second or so old). */
  pairsLeft: z.number().int(),
  /** Sizes with a pair left. */
  sizesLeft: z.array(z.string()),
  opensAt: z.string(),
  /** Ask again after this many seconds. */
  pollAfterSeconds: z.number().int(),
  /** The server's clock when it answered. */
  now: z.string(),
});
export type QueueAnswer = z.infer<typeof queueAnswerSchema>;
