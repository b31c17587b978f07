import { useParams } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import type { PageQueries } from '../../api/page-queries';
import { useMyDropEntries } from '../../api/use-my-drop-entries';
import { useSession } from '../../api/use-session';
import { BackHomeLink } from '../../components/back-home-link';
import { EmptyState } from '../../components/empty-state';
import { PageLoading } from '../../components/page-loading';
import { PAGE_WIDTH } from '../../components/page-width';
import { useDocumentTitle } from '../../components/use-document-title';
import { dropQuery, useDrop } from './api/drops';
import { isLive } from '../../components/drops/drop-clock';
import { DropSummary } from './drop-summary';
import { EntryForm } from './entry-form';
import { FairnessSection } from './fairness-section';
import { MyEntryCard } from './my-entry';
import { WaitingRoom } from './waiting-room';
import { WaitingRoomRules } from './waiting-room-rules';

/** What the page shows a visitor, fetched by the server before it renders the page once. */
export const pageQueries: PageQueries = ({ id = '' }) => [dropQuery(id)];

/**
 * `/drops/:id` (issue 36): the shoe, where the drop stands with its countdown on the server's clock,
 * the pairs per size and the entries; for a draw, while it is open the entry form (or the shopper's
 * entry), and the draw's fairness: the commitment, the seed once drawn and how to check them; for a
 * first-come sale, the waiting room and its buy form (or the pair bought), and how the room works.
 */
export default function DropPage() {
  const id = useParams().id ?? '';
  const drop = useDrop(id);
  const session = useSession();
  const signedIn = Boolean(session.data);
  const entries = useMyDropEntries({ enabled: signedIn });
  const data = drop.data?.answer;
  useDocumentTitle(
    data ? `Drop: ${data.shoe.brand} ${data.shoe.name}` : drop.isError ? MESSAGES.drops.notFound : undefined,
  );
  const mine = signedIn ? entries.data?.find((entry) => entry.dropId === id) : undefined;

  if (!data) {
    return (
      <div className={`${PAGE_WIDTH} py-8 sm:py-12`}>
        {drop.isPending ? (
          <PageLoading />
        ) : (
          <section aria-labelledby="not-found-title" className="mx-auto max-w-xl">
            <h1 id="not-found-title" className="mb-6 text-center text-4xl font-black tracking-tight">
              {MESSAGES.drops.notFound}
            </h1>
            <EmptyState title="This drop may have been removed or never existed.">
              <BackHomeLink variant="button" />
            </EmptyState>
          </section>
        )}
      </div>
    );
  }

  const receivedAt = drop.data?.receivedAt ?? null;
  let entry;
  if (data.mode === 'first_come') {
    // A pair bought; an entry still `entered` is a purchase whose payment did not finish, which the
    // buy form takes up again.
    const bought = mine?.outcome === 'won' ? mine : undefined;
    // The waiting room while the sale is not over; it shows the pair bought itself.
    entry = isLive(data) ? (
      <WaitingRoom key={data._id} drop={data} receivedAt={receivedAt} bought={bought} />
    ) : bought ? (
      <MyEntryCard entry={bought} mode="first_come" />
    ) : null;
  } else {
    // The shopper's entry once known; the form meanwhile (the server renders it for everyone).
    const open = data.phase === 'open';
    entry = mine ? (
      <MyEntryCard entry={mine} mode="draw" />
    ) : open ? (
      <EntryForm key={data._id} drop={data} />
    ) : null;
  }
  const aside = data.mode === 'draw' ? <FairnessSection drop={data} /> : entry ? <WaitingRoomRules /> : null;
  return (
    <div className={`${PAGE_WIDTH} py-8 sm:py-12`}>
      <div className="mb-6">
        <BackHomeLink variant="quiet" />
      </div>
      <DropSummary drop={data} receivedAt={receivedAt} />
      {data.phase === 'cancelled' && (
        <p className="mt-8 rounded-2xl bg-white px-5 py-4 font-semibold shadow-sm ring-1 ring-black/5">
          {MESSAGES.dropPages.cancelled}
        </p>
      )}
      <div className={`mt-10 grid gap-6 lg:items-start lg:gap-14 ${entry ? 'lg:grid-cols-[1.1fr_1fr]' : ''}`}>
        {entry && <div className="min-w-0">{entry}</div>}
        {aside && <div className="min-w-0">{aside}</div>}
      </div>
    </div>
  );
}
