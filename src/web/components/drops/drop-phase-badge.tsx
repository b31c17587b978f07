import type { DropMode, DropPhase } from '../../../domain/drop-phase';
import { MESSAGES } from '../../../domain/messages';

const TONES: Record<DropPhase, string> = {
  upcoming: 'bg-amber-100 text-amber-900',
  open: 'bg-emerald-100 text-emerald-900',
  closed: 'bg-gray-200 text-gray-800',
  drawing: 'bg-sky-100 text-sky-900',
  drawn: 'bg-ink text-white',
  cancelled: 'bg-red-100 text-red-900',
};

const SALE_PHASES: Partial<Record<DropPhase, string>> = MESSAGES.dropPages.waitingRoom.phase;

/**
 * Where a drop stands (Opens soon, Entries open, Drawn...), as a small pill; a first-come sale is
 * on sale, then over, where a draw's entries are open, then closed.
 */
export function DropPhaseBadge({ phase, mode }: { phase: DropPhase; mode?: DropMode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-3 py-1 text-xs font-extrabold tracking-wide uppercase ${TONES[phase]}`}
    >
      {(mode === 'first_come' ? SALE_PHASES[phase] : undefined) ?? MESSAGES.dropPages.phase[phase]}
    </span>
  );
}
