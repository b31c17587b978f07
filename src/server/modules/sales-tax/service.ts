import type { SalesTaxRepository } from './repository.js';

/** Sales tax (issue 31): the rate the checkout charges in a state, and the staff's settings. */
export function createSalesTaxService(repository: SalesTaxRepository) {
  return {
    /** The state's rate (by its two-letter code); undefined where none is set: no tax. */
    rateFor: (stateCode: string) => repository.rateFor(stateCode),
  };
}

export type SalesTaxService = ReturnType<typeof createSalesTaxService>;
