import { useRef, useState } from 'react';
import { toast } from '../lib/toast';
import type { Shoe } from '../../domain/catalog';
import { NOTICE_MS } from '../../domain/constants';
import { MESSAGES } from '../../domain/messages';
import { cartActions, getSnapshot } from '../lib/cart/cart-store';
import { addRefusal } from '../lib/cart/line-stock';
import { rememberShopperSize } from '../lib/shopper-size';
import { showAddedToCart } from './added-to-cart-notice';

/**
 * "Pick a size, then BUY ME!" (spec §4), shared by the shoe card and the detail page.
 * Uses the store's actions directly: a card does not need to re-render when the cart changes.
 * Never puts more pairs of a size in the cart than the shoe has in stock (issue 4).
 * `preselected` is the size a listing is filtered by (issue 32): shown as chosen while the shopper has
 * chosen none, if the shoe has it in stock. It is derived, not stored, so it follows the filter, and
 * it comes from the URL, which the server's render and the browser's hydration both read.
 */
export function useAddToCart(shoe: Shoe, preselected?: string) {
  // undefined: the shopper has not touched the picker ('' is "Choose size" picked on purpose).
  const [chosen, setChosenSize] = useState<string>();
  const fallback =
    preselected && shoe.stock.some((entry) => entry.size === preselected && entry.quantity > 0)
      ? preselected
      : '';
  const size = chosen ?? fallback;
  // BUY ME! without a size marks the picker (aria-invalid) until a size is chosen (issue 32).
  const [missingSize, setMissingSize] = useState(false);
  // Given to the size picker by a page that wants focus on it when the size is missing (the shoe page).
  const sizeRef = useRef<HTMLSelectElement>(null);

  function setSize(next: string): void {
    setChosenSize(next);
    if (next) setMissingSize(false);
  }

  function buy(): void {
    if (!size) {
      // A fixed id: pressing BUY ME! again refreshes the notice instead of stacking copies.
      toast.error(MESSAGES.cart.addSize, { id: 'add-size', duration: NOTICE_MS.error });
      setMissingSize(true);
      sizeRef.current?.focus();
      return;
    }
    const available = shoe.stock.find((entry) => entry.size === size)?.quantity ?? 0;
    const inCart = getSnapshot().find((line) => line._id === shoe._id && line.size === size)?.quantity ?? 0;
    const refusal = addRefusal(size, available, inCart);
    if (refusal) {
      toast.error(refusal, { id: 'stock-limit', duration: NOTICE_MS.error });
      return;
    }
    // The shopper's size on this device: "You may also like" keeps to it (issue 35 item 4).
    rememberShopperSize(size);
    cartActions.add({
      _id: shoe._id,
      name: shoe.name,
      image: shoe.image,
      quantity: 1,
      price: shoe.price,
      size,
    });
    showAddedToCart();
  }

  return { size, setSize, buy, missingSize, sizeRef };
}
