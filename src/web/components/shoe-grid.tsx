import type { Shoe } from '../../domain/catalog';
import { EmptyState } from './empty-state';
import { ShoeCard, type CardHeadingLevel } from './shoe-card';

interface ShoeGridProps {
  shoes: Shoe[];
  headingLevel: CardHeadingLevel;
  /** True while the next page loads and the current one is still shown. */
  busy?: boolean;
  emptyTitle?: string;
  /**
   * Widest layout: 3 columns suit the 6-per-page views (two full rows), 4 the 8- and
   * 28-per-page ones.
   */
  columns: 3 | 4;
  /** Beside a listing's filters the grid has a sidebar's width less: one column fewer, until wide screens. */
  besideFilters?: boolean;
  /** The one size a listing is filtered by, chosen on each card that has it (ShoeCard). */
  preselectedSize?: string;
}

const COLUMN_CLASSES = { 3: 'lg:grid-cols-3', 4: 'lg:grid-cols-3 xl:grid-cols-4' } as const;
const BESIDE_FILTERS_CLASSES = {
  3: 'lg:grid-cols-2 xl:grid-cols-3',
  4: 'lg:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4',
} as const;

/** Responsive grid of shoe cards: 1 column on phones, 2 on small screens, 3 or 4 on desktops. */
export function ShoeGrid({
  shoes,
  headingLevel,
  busy = false,
  emptyTitle = 'No shoes here yet',
  columns,
  besideFilters = false,
  preselectedSize,
}: ShoeGridProps) {
  if (shoes.length === 0) return <EmptyState title={emptyTitle} />;
  return (
    <ul
      aria-busy={busy}
      className={`grid grid-cols-1 gap-5 transition-opacity sm:grid-cols-2 sm:gap-6 ${(besideFilters ? BESIDE_FILTERS_CLASSES : COLUMN_CLASSES)[columns]} ${busy ? 'opacity-60' : ''}`}
    >
      {shoes.map((shoe, index) => (
        <li key={shoe._id}>
          {/* The first row is above the fold on a desktop: load it eagerly, the very first card first
              (a phone's largest paint: Lighthouse found its picture requested 1.3 s late). */}
          <ShoeCard
            shoe={shoe}
            headingLevel={headingLevel}
            eager={index < columns}
            priority={index === 0}
            preselectedSize={preselectedSize}
          />
        </li>
      ))}
    </ul>
  );
}
