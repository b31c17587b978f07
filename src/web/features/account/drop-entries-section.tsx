import { ChevronRight, Ticket } from 'lucide-react';
import { Link } from 'react-router';
import type { MyEntry } from '../../../domain/contracts/drops';
import { MESSAGES } from '../../../domain/messages';
import { useMyDropEntries } from '../../api/use-my-drop-entries';
import { DropPhaseBadge } from '../../components/drops/drop-phase-badge';
import { textLinkClass } from '../../components/forms/button-class';
import { ShoeThumbnail } from '../../components/shoe-thumbnail';
import { paths } from '../../paths';
import { AccountSection } from './account-section';

const T = MESSAGES.dropPages;

/** What became of an entry, or where its drop stands while it waits for the draw. */
function outcomeOf(entry: MyEntry) {
  if (entry.outcome !== 'entered') {
    const tone = entry.outcome === 'won' ? 'bg-ink text-white' : 'bg-gray-200 text-gray-800';
    return (
      <span
        className={`inline-flex rounded-full px-3 py-1 text-xs font-extrabold tracking-wide uppercase ${tone}`}
      >
        {T.outcome[entry.outcome]}
      </span>
    );
  }
  return <DropPhaseBadge phase={entry.phase} />;
}

/** "Your drop entries" (issue 36): each entry's shoe, size, card, outcome, its order when won, its drop. */
export function DropEntriesSection() {
  const entries = useMyDropEntries({ enabled: true });
  return (
    <AccountSection title={T.accountHeading}>
      {entries.isPending ? (
        <p role="status" className="text-sm font-semibold tracking-widest text-gray-600">
          {MESSAGES.pages.loading}
        </p>
      ) : entries.isError ? (
        <p role="alert" className="text-sm text-deal">
          {MESSAGES.common.somethingWrong}
        </p>
      ) : entries.data.length === 0 ? (
        <p className="flex items-center gap-3 rounded-2xl border-2 border-dashed border-gray-300 px-5 py-6 text-gray-700">
          <Ticket aria-hidden="true" className="size-6 shrink-0 text-gray-500" />
          {T.noEntries}
        </p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-2xl border border-gray-200">
          {entries.data.map((entry) => (
            <li key={entry._id} className="flex gap-4 px-4 py-4 sm:px-5">
              <ShoeThumbnail
                src={entry.shoe.image}
                width={96}
                lazy
                className="w-20 shrink-0 rounded-xl sm:w-24"
              />
              <div className="min-w-0 flex-1 space-y-1.5">
                <p className="font-bold break-words">{entry.shoe.name}</p>
                <p className="text-sm text-gray-700">
                  Size {entry.size}
                  {entry.cardLast4 && ` · ${T.card(entry.cardLast4)}`}
                </p>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                  {outcomeOf(entry)}
                  {entry.outcome === 'won' && entry.orderId && (
                    <Link to={paths.order(entry.orderId)} className={`text-sm ${textLinkClass}`}>
                      {T.viewOrder}
                    </Link>
                  )}
                  <Link
                    to={paths.drop(entry.dropId)}
                    className="inline-flex items-center gap-1 text-sm font-bold text-ink hover:text-accent-dark hover:underline"
                  >
                    {T.viewDrop}
                    <ChevronRight aria-hidden="true" className="size-4" />
                  </Link>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  );
}
