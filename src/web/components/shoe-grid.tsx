import type { Shoe } from '../../domain/catalog';
import { EmptyState } from './empty-state';
import { ShoeCard, type CardHeadingLevel } from './shoe-card';

interface ShoeGridProps {
  shoes: Shoe[];
  headingLevel: CardHeadingLevel;
  /** True while the next page loads and the current one is still shown. */
  busy?: boolean;
  emptyTitle?: string;
}

/** How many cards fill the first row on a desktop: those load eagerly. */
const EAGER_CARDS = 3;

/** Responsive grid of shoe cards: 1 column on phones, 2 on small screens, 3 on laptops, 4 on wide screens. */
export function ShoeGrid({ shoes, headingLevel, busy = false, emptyTitle = 'No shoes here yet' }: ShoeGridProps) {
  if (shoes.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    <ul
      aria-busy={busy}
      className={`grid grid-cols-1 gap-5 transition-opacity sm:grid-cols-2 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4 ${busy ? 'opacity-60' : ''}`}
    >
      {shoes.map((shoe, index) => (
        <li key={shoe._id}>
          <ShoeCard shoe={shoe} headingLevel={headingLevel} eager={index < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}
