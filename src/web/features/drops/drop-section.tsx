import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cardClass } from '../../components/card-class';

interface DropSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}

/** A card of a drop's page under its large heading (the waiting room, how it works, fairness). */
export function DropSection({ id, icon: Icon, title, children }: DropSectionProps) {
  return (
    <section aria-labelledby={id} className={cardClass}>
      {/* Focusable by the page (not by Tab): where the focus goes when the section replaces a control. */}
      <h2 id={id} tabIndex={-1} className="flex items-center gap-2 text-2xl font-black tracking-tight">
        <Icon aria-hidden="true" className="size-6 text-accent-dark" />
        {title}
      </h2>
      {children}
    </section>
  );
}
