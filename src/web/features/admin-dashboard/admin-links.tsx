import {
  BadgePercent,
  ChevronRight,
  ClipboardList,
  PackagePlus,
  PencilLine,
  Ruler,
  ScrollText,
  Tag,
  Landmark,
  Truck,
  FileUp,
  Webhook,
  Ticket,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { paths } from '../../paths';

interface AdminLink {
  to: string;
  label: string;
  hint: string;
  icon: LucideIcon;
}

/** Spec §2: the dashboard links to every admin form and to the orders page. */
const LINKS: readonly AdminLink[] = [
  { to: paths.createShoes, label: 'Create Shoes', hint: 'Add a new model to the store', icon: PackagePlus },
  { to: paths.createBrand, label: 'Create Brand', hint: 'Add a brand to the menu', icon: Tag },
  { to: paths.modifyShoe, label: 'Modify Shoes', hint: 'Edit details, price and stock', icon: PencilLine },
  { to: paths.createSize, label: 'Create Size', hint: 'Add a size or restock one', icon: Ruler },
  { to: paths.orders, label: 'Orders', hint: 'Look up a single order', icon: ClipboardList },
  {
    to: paths.discountCode(),
    label: 'Create discount code',
    hint: 'A code shoppers type in their cart',
    icon: BadgePercent,
  },
  {
    to: paths.adminDrops,
    label: MESSAGES.dropPages.adminTitle,
    hint: MESSAGES.dropPages.adminLinkHint,
    icon: Ticket,
  },
  { to: paths.shipping, label: 'Shipping', hint: 'Methods, prices and delivery times', icon: Truck },
  { to: paths.salesTax, label: 'Sales tax', hint: 'A rate per state', icon: Landmark },
  {
    to: paths.importCatalogue,
    label: 'Import the catalogue',
    hint: 'Many shoes at once from a CSV',
    icon: FileUp,
  },
  {
    to: paths.webhooks,
    label: 'Webhooks',
    hint: 'Tell other systems about orders and stock',
    icon: Webhook,
  },
  { to: paths.audit, label: 'Audit log', hint: 'Who changed what, and when', icon: ScrollText },
];

export function AdminLinks() {
  return (
    <nav aria-label="Admin tools">
      <ul className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-5">
        {LINKS.map(({ to, label, hint, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-accent/60 lg:flex-col lg:items-start"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-ink text-white transition-colors group-hover:bg-accent-dark">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-black tracking-tight">{label}</span>
                <span className="block text-sm text-gray-600">{hint}</span>
              </span>
              <ChevronRight
                aria-hidden="true"
                className="size-5 shrink-0 text-gray-400 transition-transform group-hover:translate-x-0.5 group-hover:text-ink lg:hidden"
              />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
