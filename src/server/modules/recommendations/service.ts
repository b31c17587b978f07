import { MESSAGES } from '../../../domain/messages.js';
import { isUuid, type Shoe } from '../../../domain/catalog.js';
import { ALSO_LIKE_SHOWN, type AlsoLikeQuery } from '../../../domain/contracts/recommendations.js';
import type { EventConsumer } from '../../events/domain-events.js';
import { notFound } from '../../http/errors.js';
import type { RecommendationsRepository } from './repository.js';

/**
 * "You may also like" (issue 35 item 4, docs/decisions/027): the row of a shoe's page, and the
 * `order.paid` consumer that keeps the shoes bought together counted.
 */
export function createRecommendationsService(deps: {
  repository: RecommendationsRepository;
  /** The catalogue's shoes by id, with their stock, in the order asked (modules/catalog). */
  shoes: { getShoes(ids: string[]): Promise<Shoe[]> };
}) {
  const { repository, shoes } = deps;
  return {
    async alsoLike(id: string, query: AlsoLikeQuery): Promise<Shoe[]> {
      const ids = isUuid(id) ? await repository.alsoLikeIds(id, query.size, ALSO_LIKE_SHOWN) : undefined;
      if (!ids) throw notFound(MESSAGES.catalog.shoeNotFound);
      return shoes.getShoes(ids);
    },

    /**
     * After an order's commit (docs/decisions/017): its shoes counted as bought together, once per
     * order however often the event is handed over.
     */
    consumer: (async (event) => {
      if (event.type === 'order.paid') await repository.countOrder(event.payload.orderId);
    }) satisfies EventConsumer,
  };
}

export type RecommendationsService = ReturnType<typeof createRecommendationsService>;
