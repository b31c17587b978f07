/**
 * The drops the fuzz's drop operations name (issue 36): an open draw, an upcoming drop and a drawn
 * one, each of a shoe of its own without stock (no fuzzed cart or checkout ever holds it). Made again
 * before each operation when a fuzzed close or cancel moved one on.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, lte, notInArray } from 'drizzle-orm';
import type { Database } from '../../../../src/server/db/client.js';
import { brands, drops, dropSizes, shoes } from '../../../../src/server/db/schema.js';

const HOUR = 3_600_000;
const KINDS = ['open', 'upcoming', 'drawn'] as const;
type Kind = (typeof KINDS)[number];

/** Sorted after every other shoe of the fuzz, so the pools' first shoes stay the catalogue's. */
const nameOf = (kind: Kind) => `Zz Fuzz Drop ${kind}`;

async function shoeFor(db: Database, kind: Kind): Promise<string> {
  const [found] = await db
    .select({ id: shoes.id })
    .from(shoes)
    .where(eq(shoes.name, nameOf(kind)));
  if (found) return found.id;
  const [brand] = await db.select({ id: brands.id }).from(brands).orderBy(asc(brands.name)).limit(1);
  const [shoe] = await db
    .insert(shoes)
    .values({
      name: nameOf(kind),
      brandId: brand!.id,
      description: 'A shoe sold in a drop.',
      color: 'Black',
      priceCents: 25_000,
      image: '/uploads/shoes/fuzz-drop.webp',
    })
    .returning({ id: shoes.id });
  return shoe!.id;
}

async function dropOf(db: Database, kind: Kind, shoeId: string): Promise<string> {
  const now = new Date();
  const wanted = {
    open: and(eq(drops.status, 'scheduled'), lte(drops.opensAt, now), gt(drops.closesAt, now)),
    upcoming: and(eq(drops.status, 'scheduled'), gt(drops.opensAt, now)),
    drawn: eq(drops.status, 'drawn'),
  }[kind];
  const [found] = await db
    .select({ id: drops.id })
    .from(drops)
    .where(and(eq(drops.shoeId, shoeId), wanted))
    .orderBy(desc(drops.createdAt))
    .limit(1);
  if (found) return found.id;
  const seed = randomBytes(32).toString('hex');
  const at = Date.now();
  const window = {
    open: { opensAt: new Date(at - HOUR), closesAt: new Date(at + HOUR) },
    upcoming: { opensAt: new Date(at + HOUR), closesAt: new Date(at + 2 * HOUR) },
    drawn: { opensAt: new Date(at - 2 * HOUR), closesAt: new Date(at - HOUR), drawnAt: new Date(at) },
  }[kind];
  const [drop] = await db
    .insert(drops)
    .values({
      shoeId,
      mode: 'draw',
      seed,
      commitment: createHash('sha256').update(seed).digest('hex'),
      status: kind === 'drawn' ? 'drawn' : 'scheduled',
      ...window,
    })
    .returning({ id: drops.id });
  await db.insert(dropSizes).values({ dropId: drop!.id, size: '9', pairs: 2 });
  return drop!.id;
}

/**
 * The three drops' ids, in a fixed order; and any other drop not over (one a fuzzed request
 * scheduled on a catalogue shoe) is cancelled, so that the next operation's checkouts can sell it.
 */
export async function ensureDrops(db: Database): Promise<string[]> {
  const shoeIds = await Promise.all(KINDS.map((kind) => shoeFor(db, kind)));
  await db
    .update(drops)
    .set({ status: 'cancelled' })
    .where(and(notInArray(drops.shoeId, shoeIds), inArray(drops.status, ['scheduled', 'drawing'])));
  const ids: string[] = [];
  for (const [i, kind] of KINDS.entries()) ids.push(await dropOf(db, kind, shoeIds[i]!));
  return ids;
}
