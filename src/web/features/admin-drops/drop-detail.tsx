import { Ban, ExternalLink, Flag, Pencil, Shuffle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { NOTICE_MS } from '../../../domain/constants';
import type { AdminDropAnswer, AdminEntry } from '../../../domain/contracts/drops';
import { MESSAGES } from '../../../domain/messages';
import { errorMessage } from '../../api/http';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DropPhaseBadge } from '../../components/drops/drop-phase-badge';
import { DropTime } from '../../components/drops/drop-time';
import { secondaryButtonClass, textLinkClass } from '../../components/forms/button-class';
import { LoadStatus } from '../../components/load-status';
import { toast } from '../../lib/toast';
import { paths } from '../../paths';
import { useAdminDropEntries, useCancelDrop, useCloseDrop } from './api/admin-drops';
import { sizesSold } from './drop-list';
import { ScheduleForm } from './schedule-form';

const T = MESSAGES.dropPages;
const SALE = T.waitingRoom;
const dangerClass = `${secondaryButtonClass} min-h-10 border-red-300 px-4 py-1.5 text-sm text-deal hover:border-deal hover:bg-deal`;

/** The entries staff look at first: those another shopper's tries were flagged on. */
export function flaggedFirst(entries: readonly AdminEntry[]): AdminEntry[] {
  return [...entries].sort((a, b) => Number(b.flags.length > 0) - Number(a.flags.length > 0));
}

/** A flag as staff read it: `card also tried by x@y`. */
export function flagText(flag: AdminEntry['flags'][number]): string {
  return flag.reason === 'card' ? T.flagCard(flag.email) : T.flagAddress(flag.email);
}

/**
 * One drop for staff: its window, sizes, the draw's progress or the waiting room's crowd (read every few seconds while it runs),
 * the buttons that close the entries and draw now or cancel it (each asked first), and the entries,
 * flagged ones first with why.
 */
export function DropDetail({ drop }: { drop: AdminDropAnswer }) {
  const running = drop.phase === 'closed' || drop.phase === 'drawing';
  const entries = useAdminDropEntries(drop._id, drop.phase, running);
  const close = useCloseDrop();
  const cancel = useCancelDrop();
  const run = async (change: Promise<unknown>, done: string) => {
    try {
      await change;
      toast.success(done, { duration: NOTICE_MS.admin });
    } catch (error) {
      toast.error(errorMessage(error), { duration: NOTICE_MS.error });
    }
  };
  const canClose = drop.mode === 'draw' && drop.phase === 'open';
  const canCancel = drop.phase !== 'drawn' && drop.phase !== 'cancelled' && drop.phase !== 'drawing';
  // Until it opens, a drop's terms may change (the server says so again when it is sent).
  const canEdit = drop.phase === 'upcoming';
  const [editing, setEditing] = useState(false);
  const draw = drop.draw;
  // A first-come drop sells: its rows are purchases, paying or bought, where a draw's are entries.
  const sale = drop.mode === 'first_come';
  const outcomes = sale ? SALE.purchaseOutcome : T.publicOutcome;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <DropPhaseBadge phase={drop.phase} mode={drop.mode} />
        <span className="text-sm font-semibold text-gray-700">{T.mode[drop.mode]}</span>
        <Link to={paths.drop(drop._id)} className={`inline-flex items-center gap-1 text-sm ${textLinkClass}`}>
          Drop page
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </Link>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
        <dt className="font-bold text-gray-700">Opens</dt>
        <dd>
          <DropTime iso={drop.opensAt} />
        </dd>
        <dt className="font-bold text-gray-700">Closes</dt>
        <dd>
          <DropTime iso={drop.closesAt} />
        </dd>
        <dt className="font-bold text-gray-700">Sold</dt>
        <dd>{sizesSold(drop)}</dd>
        <dt className="font-bold text-gray-700">{sale ? SALE.purchasesHeading : 'Entries'}</dt>
        <dd>
          {drop.entries}
          {drop.flagged > 0 && ` (${drop.flagged} flagged)`}
        </dd>
        {drop.mode === 'first_come' && (
          <>
            <dt className="font-bold text-gray-700">Waiting room</dt>
            <dd>
              {SALE.joined(drop.queued)} · let in {drop.admitPerMinute} a minute, {drop.minutesToPay} minutes
              to pay
            </dd>
          </>
        )}
      </dl>

      {draw && (
        <div role="status" className="rounded-2xl bg-paper px-4 py-3">
          <p className="text-sm font-bold">
            Draw: {draw.state} · {T.drawProgress(draw.done, draw.total)}
          </p>
          <progress
            max={Math.max(1, draw.total)}
            value={draw.done}
            aria-label="Draw progress"
            className="mt-2 h-2 w-full accent-ink"
          />
          {draw.error && <p className="mt-2 text-sm font-semibold text-deal">{draw.error}</p>}
        </div>
      )}

      {editing && canEdit && (
        <div className="rounded-2xl border border-gray-200 p-4 sm:p-5">
          <ScheduleForm key={drop._id} drop={drop} onSaved={() => setEditing(false)} />
          <button
            type="button"
            onClick={() => setEditing(false)}
            className="mt-3 text-sm font-bold text-gray-700 underline-offset-4 hover:text-ink hover:underline"
          >
            Keep it as it is
          </button>
        </div>
      )}

      {(canClose || canCancel || canEdit) && !editing && (
        <div className="flex flex-wrap gap-3">
          {canEdit && (
            <button
              type="button"
              onClick={() => setEditing(true)}
              className={`${secondaryButtonClass} min-h-10 px-4 py-1.5 text-sm`}
            >
              <Pencil aria-hidden="true" className="size-4" />
              {T.editDrop}
            </button>
          )}
          {canClose && (
            <ConfirmDialog
              trigger={
                <button
                  type="button"
                  disabled={close.isPending}
                  className={`${secondaryButtonClass} min-h-10 px-4 py-1.5 text-sm`}
                >
                  <Shuffle aria-hidden="true" className="size-4" />
                  {T.closeNow}
                </button>
              }
              title={`${T.closeNow}?`}
              description={T.closeConfirm}
              confirmLabel={T.closeNow}
              onConfirm={() => void run(close.mutateAsync(drop._id), T.closed)}
            />
          )}
          {canCancel && (
            <ConfirmDialog
              trigger={
                <button type="button" disabled={cancel.isPending} className={dangerClass}>
                  <Ban aria-hidden="true" className="size-4" />
                  {T.cancelDrop}
                </button>
              }
              title={`${T.cancelDrop}?`}
              description={T.cancelConfirm}
              confirmLabel={T.cancelDrop}
              onConfirm={() => void run(cancel.mutateAsync(drop._id), T.cancelledToast)}
            />
          )}
        </div>
      )}

      <section aria-labelledby="drop-entries-heading">
        <h3 id="drop-entries-heading" className="mb-3 text-lg font-bold tracking-tight">
          {sale ? SALE.purchasesHeading : 'Entries'}
        </h3>
        {entries.data ? (
          entries.data.length === 0 ? (
            <p className="rounded-xl bg-paper px-4 py-4 text-sm font-semibold text-gray-700">
              {sale ? SALE.noPurchasesYet : T.noEntriesYet}
            </p>
          ) : (
            <ul className="divide-y divide-gray-200 rounded-2xl border border-gray-200 text-sm">
              {flaggedFirst(entries.data).map((entry) => (
                <li
                  key={entry._id}
                  className={`space-y-1 px-4 py-3 ${entry.flags.length > 0 ? 'bg-red-50/60' : ''}`}
                >
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="font-bold break-all">{entry.email}</span>
                    <span>Size {entry.size}</span>
                    <span className="text-gray-700">{outcomes[entry.outcome]}</span>
                    {entry.orderId && (
                      <Link to={paths.adminOrder(entry.orderId)} className={textLinkClass}>
                        Order
                      </Link>
                    )}
                  </p>
                  <p className="text-gray-700">
                    {[entry.city, entry.state].filter(Boolean).join(', ')}
                    {entry.cardLast4 && ` · card ${entry.cardLast4}`} ·{' '}
                    <span className="font-mono text-xs break-all">{entry._id}</span>
                  </p>
                  {entry.flags.length > 0 && (
                    <ul className="space-y-0.5">
                      {entry.flags.map((flag) => (
                        <li
                          key={`${flag.reason}-${flag.email}-${flag.at}`}
                          className="flex items-center gap-1.5 font-semibold text-deal"
                        >
                          <Flag aria-hidden="true" className="size-3.5 shrink-0" />
                          {flagText(flag)}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )
        ) : (
          <LoadStatus failed={entries.isError} className="py-4" />
        )}
      </section>
    </div>
  );
}
