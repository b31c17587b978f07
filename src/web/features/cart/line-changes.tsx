import { BellRing, Tag } from 'lucide-react';
import { useState } from 'react';
import { formatPrice, type CartLine } from '../../../domain/cart-lines';
import type { CartLineChanges } from '../../../domain/contracts/carts';
import { MESSAGES } from '../../../domain/messages';
import { apiUrl, errorMessage, postJson } from '../../api/http';
import { useSession } from '../../api/use-session';
import type { LineStockStatus } from '../../lib/cart/line-stock';

/**
 * What changed since the line was added to the cart kept on the account (issue 35 item 1): the price
 * then and now, few pairs left, sold out in that size (with "Email me when it's back"), removed from the
 * catalogue. What the stock note above already says (from the stock read now) is not said twice.
 */
export function LineChanges({
  line,
  changes,
  stock,
}: {
  line: CartLine;
  changes: CartLineChanges | undefined;
  stock: LineStockStatus;
}) {
  if (!changes) return null;
  const notes: string[] = [];
  if (changes.removed && !stock.note) notes.push(MESSAGES.savedCart.removed);
  if (changes.soldOut && !stock.note) notes.push(MESSAGES.savedCart.soldOutInSize(line.size));
  if (changes.low && changes.left !== null && !stock.note)
    notes.push(MESSAGES.restock.onlyLeft(changes.left));
  return (
    <>
      {changes.price && (
        <p className="mt-1 flex items-center gap-1.5 text-sm font-semibold text-accent-dark">
          <Tag aria-hidden="true" className="size-4 shrink-0" />
          {MESSAGES.savedCart.priceChanged(formatPrice(changes.price.was), formatPrice(changes.price.now))}
        </p>
      )}
      {notes.map((note) => (
        <p key={note} className="mt-1 text-sm font-semibold text-red-700">
          {note}
        </p>
      ))}
      {changes.soldOut && <RestockOffer shoeId={line._id} size={line.size} />}
    </>
  );
}

/** The shop's restock alert (`POST /api/restock`) for a size sold out since it was added, to the account's address. */
function RestockOffer({ shoeId, size }: { shoeId: string; size: string }) {
  const email = useSession().data?.email;
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  if (!email) return null;
  async function ask() {
    setSending(true);
    try {
      await postJson(apiUrl('/restock'), { email, shoeId, size });
      setAnswer({ ok: true, text: MESSAGES.restock.waiting(size) });
    } catch (error) {
      setAnswer({ ok: false, text: errorMessage(error) });
    } finally {
      setSending(false);
    }
  }
  return (
    <div className="mt-2">
      {answer?.ok ? null : (
        <button
          type="button"
          onClick={ask}
          disabled={sending}
          className="inline-flex h-9 items-center gap-2 rounded-full border border-ink px-4 text-sm font-bold transition-colors hover:bg-ink hover:text-white disabled:opacity-60"
        >
          <BellRing aria-hidden="true" className="size-4" />
          {MESSAGES.restock.emailMe}
        </button>
      )}
      <p
        role={answer && !answer.ok ? 'alert' : 'status'}
        className={`text-sm font-semibold ${answer?.ok ? 'text-emerald-800' : 'text-deal'}`}
      >
        {answer?.text ?? ''}
      </p>
    </div>
  );
}
