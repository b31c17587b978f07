import type { ModifyShoeInput } from '../../../domain/admin';
import type { Shoe } from '../../../domain/catalog';
import { sortedStock } from './stock-order';

/**
 * The Modify Shoes form as the shoe is now: its smallest size chosen, with that size's
 * quantity, SKU and GTIN, and no new image.
 */
export function modifyFormValues(shoe: Shoe): ModifyShoeInput & { image: File | undefined } {
  const first = sortedStock(shoe.stock)[0];
  return {
    brand: shoe.brand,
    name: shoe.name,
    color: shoe.color,
    price: String(shoe.price),
    // Empty when the shoe has none; emptied, it clears the shoe's.
    compareAtPrice: shoe.compareAtPrice === undefined ? '' : String(shoe.compareAtPrice),
    size: first?.size ?? '',
    q: first ? String(first.quantity) : '',
    // The chosen size's codes (issue 33 item 2): sent back as they are unless edited.
    sku: first?.sku ?? '',
    gtin: first?.gtin ?? '',
    description: shoe.description,
    // Sent back so that an edit made by someone else meanwhile is refused (409), not overwritten.
    version: String(shoe.version),
    image: undefined,
  };
}
