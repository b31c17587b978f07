import type { ShippingMethodsRepository } from './repository.js';

/** Ways to ship (issue 31): what the checkout offers and prices, and what the staff set up. */
export function createShippingMethodsService(repository: ShippingMethodsRepository) {
  return {
    /** The active methods, in the cart's order: the first is the default. */
    offered: () => repository.active(),
  };
}

export type ShippingMethodsService = ReturnType<typeof createShippingMethodsService>;
