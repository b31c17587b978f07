import { Timer } from 'lucide-react';
import type { DropAnswer } from '../../../domain/contracts/drops';
import type { DropMode } from '../../../domain/drop-phase';
import { MESSAGES } from '../../../domain/messages';
import { countdownOf, describeRemaining, formatRemaining } from './drop-clock';
import { useServerNow } from './use-server-now';

const T = MESSAGES.dropPages;

interface DropCountdownProps {
  drop: Pick<DropAnswer, 'phase' | 'opensAt' | 'closesAt' | 'now'> & { mode?: DropMode };
  /** When the answer holding `drop` arrived on the device (null: rendered into the page). */
  receivedAt: number | null;
  /** `large` on the drop's own page. */
  size?: 'small' | 'large';
}

/**
 * The time to a drop's opening or close, on the server's clock, ticking each second; in the other
 * phases, what the drop is doing (drawing, drawn, cancelled).
 */
export function DropCountdown({ drop, receivedAt, size = 'small' }: DropCountdownProps) {
  const now = useServerNow(drop.now, receivedAt);
  const countdown = countdownOf(drop);
  if (!countdown) {
    return <p className="text-sm font-semibold text-gray-700">{phaseLine(drop.phase, drop.mode)}</p>;
  }
  return <Countdown label={countdown.label} target={countdown.target} now={now} size={size} />;
}

interface CountdownProps {
  label: string;
  /** The moment counted down to (ISO 8601). */
  target: string;
  /** The server's clock now (useServerNow). */
  now: number;
  size?: 'small' | 'large';
}

/**
 * A label and the time left to `target`, as every drop countdown shows it (the drop's opening, the
 * waiting room's, the time to pay). A screen reader hears it once in words (a timer is not read out
 * at every tick).
 */
export function Countdown({ label, target, now, size = 'small' }: CountdownProps) {
  const left = Date.parse(target) - now;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
      <span
        className={size === 'large' ? 'text-sm font-bold text-gray-700' : 'text-xs font-bold text-gray-700'}
      >
        <Timer aria-hidden="true" className="mr-1 inline size-4 -translate-y-px text-accent-dark" />
        {label}
      </span>
      <time
        dateTime={target}
        role="timer"
        aria-label={describeRemaining(left)}
        className={`font-black tabular-nums ${size === 'large' ? 'text-3xl tracking-tight sm:text-4xl' : 'text-lg'}`}
      >
        {formatRemaining(left)}
      </time>
    </p>
  );
}

function phaseLine(phase: DropAnswer['phase'], mode: DropMode | undefined): string {
  switch (phase) {
    case 'closed':
      return mode === 'first_come' ? T.waitingRoom.closedNote : T.drawSoon;
    case 'drawing':
      return T.drawing;
    case 'cancelled':
      return T.cancelled;
    default:
      return T.phase[phase];
  }
}
