import { MESSAGES } from '../../../domain/messages';
import { useDrops } from '../../api/use-drops';
import { isLive } from '../../components/drops/drop-clock';
import { DropPanel } from '../../components/drops/drop-panel';
import { PAGE_WIDTH } from '../../components/page-width';

const HEADING_ID = 'drops-heading';

/** The home page's drops not over (issue 36), each with its countdown; nothing when there are none. */
export function UpcomingDrops() {
  const drops = useDrops();
  const live = drops.data?.answer.filter(isLive) ?? [];
  if (live.length === 0) return null;
  return (
    <section aria-labelledby={HEADING_ID} className={`${PAGE_WIDTH} mt-14 sm:mt-20`}>
      <h2 id={HEADING_ID} className="mb-6 text-3xl font-black tracking-tight sm:text-4xl">
        {MESSAGES.dropPages.upcomingHeading}
      </h2>
      {/* A row that scrolls sideways on a phone, a grid from a tablet up. */}
      <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 lg:grid-cols-3">
        {live.map((drop) => (
          <li key={drop._id} className="w-[85%] shrink-0 snap-start sm:w-auto">
            <DropPanel
              drop={drop}
              receivedAt={drops.data?.receivedAt ?? null}
              variant="card"
              headingLevel="h3"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
