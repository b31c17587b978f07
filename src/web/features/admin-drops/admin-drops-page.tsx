import { useSearchParams } from 'react-router';
import type { AdminDropAnswer } from '../../../domain/contracts/drops';
import { MESSAGES } from '../../../domain/messages';
import { BackToAdminLink } from '../../components/back-to-admin-link';
import { cardClass } from '../../components/card-class';
import { LoadStatus } from '../../components/load-status';
import { PageHeader } from '../../components/page-header';
import { useAdminDrop, useAdminDrops } from './api/admin-drops';
import { DropDetail } from './drop-detail';
import { DropList } from './drop-list';
import { ScheduleForm } from './schedule-form';

const T = MESSAGES.dropPages;
/** The drop shown with its entries: in the address, so a reload comes back to it. */
const PARAM = 'drop';

/**
 * `/managedrops` (staff, issue 36): every drop with its phase, sales and entries; the form that
 * schedules one; and one drop (`?drop=`) with its entries, flags, the draw's progress, and the buttons
 * that close its entries and draw now, or cancel it.
 */
export default function AdminDropsPage() {
  const drops = useAdminDrops();
  const [query, setQuery] = useSearchParams();
  const showing = query.get(PARAM) ?? undefined;
  const shown = useAdminDrop(showing);
  const show = (id: string) => {
    setQuery({ [PARAM]: id }, { replace: true });
    // After the list re-renders: the detail is below it on a phone.
    requestAnimationFrame(() => document.getElementById('drop-detail')?.scrollIntoView({ block: 'start' }));
  };
  const scheduled = (drop: AdminDropAnswer) => show(drop._id);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <BackToAdminLink />
      <div className="mt-4">
        <PageHeader eyebrow="Admin" title={T.adminTitle} description={T.adminIntro} />
      </div>
      <div className="grid gap-6 lg:grid-cols-[1.2fr_1fr] lg:items-start">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="drops-list-heading" className={cardClass}>
            <h2 id="drops-list-heading" className="mb-5 text-xl font-bold tracking-tight">
              All drops
            </h2>
            {drops.data ? (
              <DropList drops={drops.data} shown={showing} onShow={show} />
            ) : (
              <LoadStatus failed={drops.isError} className="py-6" />
            )}
          </section>
          {showing && (
            <section
              id="drop-detail"
              aria-labelledby="drop-detail-heading"
              className={`${cardClass} scroll-mt-24`}
            >
              <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
                <h2 id="drop-detail-heading" className="text-xl font-bold tracking-tight break-words">
                  {shown.data ? `Drop of ${shown.data.shoe.name}` : 'Drop'}
                </h2>
                <button
                  type="button"
                  onClick={() => setQuery({}, { replace: true })}
                  className="text-sm font-bold text-gray-700 underline-offset-4 hover:text-ink hover:underline"
                >
                  Close
                </button>
              </div>
              {shown.data ? (
                <DropDetail drop={shown.data} />
              ) : (
                <LoadStatus failed={shown.isError} className="py-6" />
              )}
            </section>
          )}
        </div>
        <section aria-labelledby="schedule-heading" className={cardClass}>
          <h2 id="schedule-heading" className="mb-5 text-xl font-bold tracking-tight">
            {T.scheduleHeading}
          </h2>
          <ScheduleForm onSaved={scheduled} />
        </section>
      </div>
    </div>
  );
}
