import { useId, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/**
 * A titled card of an order's page or admin view (delivery, shipping, refunds, returns, history):
 * a region named by its heading, so screen readers can jump between them.
 */
export function SectionCard({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon?: LucideIcon;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-6"
    >
      <h2 id={id} className="flex items-center gap-2 text-lg font-black tracking-tight">
        {Icon && <Icon aria-hidden="true" className="size-5" />}
        {title}
      </h2>
      {children}
    </section>
  );
}
