import { useId, type ReactNode } from 'react';
import { cardClass } from '../../components/card-class';

interface AccountSectionProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** One card of the account page, titled for screen readers' heading navigation. */
export function AccountSection({ title, description, children }: AccountSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-xl font-bold tracking-tight">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-gray-600">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}
