import { ArrowRight, Ticket } from 'lucide-react';
import { Link } from 'react-router';
import type { DropAnswer } from '../../../domain/contracts/drops';
import { MESSAGES } from '../../../domain/messages';
import { paths } from '../../paths';
import { DropCountdown } from './drop-countdown';
import { DropPhaseBadge } from './drop-phase-badge';

const T = MESSAGES.dropPages;

interface DropPanelProps {
  drop: DropAnswer;
  receivedAt: number | null;
  /** `card` in a row of drops (the home page's), `panel` on the shoe's page. */
  variant?: 'panel' | 'card';
  /** The card's heading names the shoe; the shoe's page names it already. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * A drop as the storefront announces it: where it stands, its countdown, its sizes, and the way to
 * its page. On the shoe's page it stands where the size and BUY ME! would be: the shoe is sold by the
 * drop alone while it is not over.
 */
export function DropPanel({ drop, receivedAt, variant = 'panel', headingLevel = 'h2' }: DropPanelProps) {
  const Heading = headingLevel;
  const card = variant === 'card';
  return (
    <section
      aria-label={card ? `${T.dropPanelHeading}: ${drop.shoe.name}` : T.dropPanelHeading}
      className="flex h-full flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-2 ring-accent/70"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading className="flex items-center gap-2 text-sm font-extrabold tracking-widest uppercase">
          <Ticket aria-hidden="true" className="size-4 text-accent-dark" />
          {card ? drop.shoe.brand : T.dropPanelHeading}
        </Heading>
        <DropPhaseBadge phase={drop.phase} mode={drop.mode} />
      </div>
      {card && <p className="text-xl font-black tracking-tight break-words">{drop.shoe.name}</p>}
      <DropCountdown drop={drop} receivedAt={receivedAt} />
      <p className="text-sm text-gray-700">
        {drop.mode === 'draw' ? 'A draw' : 'First come'} · sizes{' '}
        {drop.sizes.map((row) => row.size).join(', ')}
        {drop.mode === 'draw' && ` · ${T.entries(drop.entries)}`}
      </p>
      <Link
        to={paths.drop(drop._id)}
        className="mt-auto inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-ink px-5 py-2.5 text-sm font-bold text-paper transition-colors hover:bg-accent-dark"
      >
        {T.dropPanelLink}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}
