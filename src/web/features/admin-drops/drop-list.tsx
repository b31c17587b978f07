import { ChevronRight, Flag } from 'lucide-react';
import type { AdminDropAnswer } from '../../../domain/contracts/drops';
import { MESSAGES } from '../../../domain/messages';
import { DropPhaseBadge } from '../../components/drops/drop-phase-badge';
import { DropTime } from '../../components/drops/drop-time';
import { ShoeThumbnail } from '../../components/shoe-thumbnail';

const T = MESSAGES.dropPages;

/** `sold/pairs` of each size: `9: 1/2, 10: 0/3`. */
export function sizesSold(drop: AdminDropAnswer): string {
  return drop.sizes.map(({ size, pairs, sold }) => `${size}: ${sold}/${pairs}`).join(', ');
}

interface DropListProps {
  drops: readonly AdminDropAnswer[];
  shown: string | undefined;
  onShow: (id: string) => void;
}

/**
 * Every drop, newest first: its shoe, mode and phase, the window, the sizes sold of their pairs, the
 * entries (a first-come drop's purchases) and how many are flagged. A row opens the drop with its entries.
 */
export function DropList({ drops, shown, onShow }: DropListProps) {
  if (drops.length === 0) {
    return (
      <p className="rounded-xl bg-paper px-4 py-6 text-center font-semibold text-gray-700">{T.noDrops}</p>
    );
  }
  return (
    <ul aria-label="Drops" className="divide-y divide-gray-200 rounded-2xl border border-gray-200">
      {drops.map((drop) => (
        <li key={drop._id}>
          <button
            type="button"
            aria-pressed={shown === drop._id}
            onClick={() => onShow(drop._id)}
            className="group flex w-full items-start gap-4 px-4 py-4 text-left transition-colors hover:bg-paper aria-pressed:bg-paper sm:px-5"
          >
            <ShoeThumbnail
              src={drop.shoe.image}
              width={96}
              lazy
              className="hidden w-20 shrink-0 rounded-xl sm:block"
            />
            <span className="min-w-0 flex-1 space-y-1.5">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-black tracking-tight break-words">{drop.shoe.name}</span>
                <DropPhaseBadge phase={drop.phase} mode={drop.mode} />
                <span className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-bold text-gray-700">
                  {T.mode[drop.mode]}
                </span>
              </span>
              <span className="block text-sm text-gray-700">
                <DropTime iso={drop.opensAt} /> → <DropTime iso={drop.closesAt} />
              </span>
              <span className="block text-sm text-gray-700">
                Sold {sizesSold(drop)} ·{' '}
                {drop.mode === 'first_come' ? T.waitingRoom.purchases(drop.entries) : T.entries(drop.entries)}
                {drop.flagged > 0 && (
                  <span className="ml-2 inline-flex items-center gap-1 font-bold text-deal">
                    <Flag aria-hidden="true" className="size-3.5" />
                    {drop.flagged} flagged
                  </span>
                )}
              </span>
            </span>
            <ChevronRight
              aria-hidden="true"
              className="mt-1 size-5 shrink-0 text-gray-400 transition-transform group-hover:translate-x-0.5 group-hover:text-ink"
            />
          </button>
        </li>
      ))}
    </ul>
  );
}
