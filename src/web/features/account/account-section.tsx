import { createContext, useContext, useId, type ReactNode } from 'react';
import { cardClass } from '../../components/card-class';

/** Cards inside an AccountGroup sit under its h2, so their titles are h3s. */
const HeadingLevel = createContext<2 | 3>(2);

interface AccountSectionProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** One card of the account page, titled for screen readers' heading navigation. */
export function AccountSection({ title, description, children }: AccountSectionProps) {
  const headingId = useId();
  const Heading = useContext(HeadingLevel) === 3 ? 'h3' : 'h2';
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <Heading id={headingId} className="text-xl font-bold tracking-tight">
        {title}
      </Heading>
      {description && <p className="mt-1 text-sm text-gray-600">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/**
 * Cards that belong together (the sign-in and security ones) under one small heading, so a long
 * page reads as a few parts rather than a dozen cards in a row.
 */
export function AccountGroup({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-6 pt-4">
      <h2 id={headingId} className="px-1 text-sm font-bold tracking-widest text-accent-dark uppercase">
        {title}
      </h2>
      <HeadingLevel value={3}>{children}</HeadingLevel>
    </section>
  );
}
