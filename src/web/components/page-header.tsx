import type { ReactNode, Ref } from 'react';

interface PageHeaderProps {
  title: string;
  /** Small line above the title ("Collection", "Limited time"...). */
  eyebrow?: string;
  description?: ReactNode;
  /** The pager focuses the title after a page change (hence tabIndex -1). */
  ref?: Ref<HTMLHeadingElement>;
}

/** The bold page title shared by the listing pages, so every screen opens the same way. */
export function PageHeader({ title, eyebrow, description, ref }: PageHeaderProps) {
  return (
    <header className="mb-8 flex flex-col gap-2 sm:mb-10">
      {eyebrow && <p className="text-sm font-bold tracking-widest text-accent-dark uppercase">{eyebrow}</p>}
      <h1
        ref={ref}
        tabIndex={-1}
        className="scroll-mt-32 text-4xl font-black tracking-tight break-words sm:text-5xl"
      >
        {title}
      </h1>
      {description && <div className="max-w-2xl text-base text-gray-700">{description}</div>}
    </header>
  );
}
