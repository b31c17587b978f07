import type { ReactNode } from 'react';
import { PackageOpen } from 'lucide-react';

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
}

/** A friendly, consistent "nothing here" block for lists, the cart and missing shoes. */
export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-gray-300 bg-white/60 px-6 py-14 text-center">
      <PackageOpen aria-hidden="true" className="size-10 text-gray-500" />
      <p className="text-lg font-bold">{title}</p>
      {children}
    </div>
  );
}
