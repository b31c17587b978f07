import { CircleCheck, PartyPopper } from 'lucide-react';
import { Link } from 'react-router';
import type { MyEntry } from '../../../domain/contracts/drops';
import type { DropMode } from '../../../domain/drop-phase';
import { MESSAGES } from '../../../domain/messages';
import { textLinkClass } from '../../components/forms/button-class';
import { paths } from '../../paths';

const T = MESSAGES.dropPages;

interface MyEntryCardProps {
  entry: MyEntry;
  /** A draw's entry is in the draw, then won or not; a first-come sale's is a pair bought. */
  mode: DropMode;
  /** The server's message, right after the purchase or entry it answered. */
  message?: string | undefined;
}

/** The shopper's own entry: in the draw for a size, then what the draw made of it; or the pair bought. */
export function MyEntryCard({ entry, mode, message }: MyEntryCardProps) {
  const won = entry.outcome === 'won';
  const Icon = won ? PartyPopper : CircleCheck;
  const bought = mode === 'first_come' && won;
  return (
    <section
      aria-labelledby="my-entry-heading"
      className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-8"
    >
      {/* Focusable by the page (not by Tab): where the focus goes after a purchase. */}
      <h2
        id="my-entry-heading"
        tabIndex={-1}
        className="text-xs font-bold tracking-widest text-gray-700 uppercase"
      >
        {bought ? T.waitingRoom.yourPair : T.yourOutcome}
      </h2>
      <p className="mt-3 flex items-start gap-3 text-xl font-black tracking-tight sm:text-2xl">
        <Icon
          aria-hidden="true"
          className={`mt-1 size-6 shrink-0 ${won ? 'text-accent-dark' : 'text-emerald-700'}`}
        />
        <span>{message ?? outcomeLine(entry, bought)}</span>
      </p>
      {entry.cardLast4 && <p className="mt-2 text-sm text-gray-700">{T.card(entry.cardLast4)}</p>}
      {won && entry.orderId && (
        <Link to={paths.order(entry.orderId)} className={`mt-3 inline-block ${textLinkClass}`}>
          {T.viewOrder}
        </Link>
      )}
    </section>
  );
}

function outcomeLine(entry: MyEntry, bought: boolean): string {
  if (bought) return MESSAGES.drops.bought(entry.size);
  if (entry.outcome === 'entered') return T.youAreIn(entry.size);
  return `${entry.outcome === 'won' ? T.wonDraw : T.outcome[entry.outcome]} · size ${entry.size}`;
}
