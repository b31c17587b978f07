import { isUuid, type Shoe } from '../../../domain/catalog.js';
import { MESSAGES } from '../../../domain/messages.js';
import type { EventConsumer } from '../../events/domain-events.js';
import { notFound } from '../../http/errors.js';
import type { FavoriteRepository } from './repository.js';

const MAX_FAVORITES = 500;

/**
 * What favorites need of the catalogue, passed in at composition (plugins/services.ts): a module
 * never imports another's service or repository.
 */
export interface FavoriteShoes {
  /** Whole shoes for these ids, in the order asked; ids that name no shoe are left out. */
  getShoes(ids: string[]): Promise<Shoe[]>;
  shoeExists(id: string): Promise<boolean>;
}

/** A user's favorite shoes (spec §7 favorites); who may touch whose is the routes' guard. */
export function createFavoriteService(deps: {
  favorites: FavoriteRepository;
  catalog: Pick<FavoriteShoes, 'getShoes'>;
  shoes: Pick<FavoriteShoes, 'shoeExists'>;
}) {
  const { favorites, catalog, shoes } = deps;

  return {
    /** Newest first, as whole shoes; shoes deleted since are gone with their favorite. */
    async list(userId: string): Promise<Shoe[]> {
      return catalog.getShoes(await favorites.shoeIds(userId, MAX_FAVORITES));
    },

    async add(userId: string, shoeId: string): Promise<{ message: string }> {
      if (!isUuid(shoeId) || !(await shoes.shoeExists(shoeId))) throw notFound(MESSAGES.catalog.shoeNotFound);
      await favorites.add(userId, shoeId);
      return { message: MESSAGES.favorites.added };
    },

    /** Removing a shoe that is not a favorite (or no shoe at all) is not an error. */
    async remove(userId: string, shoeId: string): Promise<{ message: string }> {
      if (isUuid(shoeId)) await favorites.remove(userId, shoeId);
      return { message: MESSAGES.favorites.removed };
    },

    /** A deleted account's favorites go (docs/your-data.md); handed over twice, nothing more goes. */
    erasure: (async (event) => {
      if (event.type === 'account.deleted') await favorites.eraseOf(event.payload.userId);
    }) satisfies EventConsumer,
  };
}

export type FavoriteService = ReturnType<typeof createFavoriteService>;
