import { BookOpen, CreditCard, ExternalLink as ExternalIcon, KeyRound, Settings } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePaymentsConfig } from '../../api/use-payments-config';
import { useProviders } from '../../api/use-providers';
import { ExternalLink } from '../../components/external-link';
import { DashboardCard } from './dashboard-card';

/** Where the third-party providers are managed (spec §2: links to payment and authentication). */
const STRIPE_DASHBOARD = 'https://dashboard.stripe.com';
const GOOGLE_CREDENTIALS = 'https://console.cloud.google.com/apis/credentials';
/** The OpenAPI reference the server generates (docs/decisions/001). */
const API_DOCS = '/api/docs';

interface SettingRowProps {
  icon: LucideIcon;
  title: string;
  status: ReactNode;
  href: string;
  linkText: string;
}

const linkClass =
  'inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-full border border-gray-300 px-3 py-1.5 text-xs font-bold whitespace-nowrap transition-colors hover:border-ink hover:bg-ink hover:text-white';

function SettingRow({ icon: Icon, title, status, href, linkText }: SettingRowProps) {
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-paper">
        <Icon aria-hidden="true" className="size-5 text-accent-dark" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-bold">{title}</p>
        <p className="text-sm text-gray-600">{status}</p>
      </div>
      {/* All three open in a new tab, so the dashboard stays where it was (the docs too). */}
      <ExternalLink href={href} className={linkClass}>
        {linkText}
        <ExternalIcon aria-hidden="true" className="size-3.5" />
      </ExternalLink>
    </li>
  );
}

function Pill({ on, children }: { on: boolean; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-bold ${
        on ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-800'
      }`}
    >
      {children}
    </span>
  );
}

/** Which payment and sign-in providers the server runs with, and where to manage them. */
export function SettingsCard({ className }: { className?: string }) {
  const payments = usePaymentsConfig();
  const providers = useProviders();

  const paymentStatus = payments.data ? (
    payments.data.provider === 'stripe' ? (
      <Pill on>Stripe</Pill>
    ) : (
      <Pill on={false}>Built-in test mode</Pill>
    )
  ) : payments.isError ? (
    'Unknown'
  ) : (
    'Checking…'
  );

  const identityStatus = providers.data ? (
    <>
      Email and password
      {providers.data.google ? (
        <>
          {' '}
          + <Pill on>Google</Pill>
        </>
      ) : (
        <>
          {' '}
          · <Pill on={false}>Google off</Pill>
        </>
      )}
    </>
  ) : providers.isError ? (
    'Unknown'
  ) : (
    'Checking…'
  );

  return (
    <DashboardCard
      title="Settings"
      icon={Settings}
      description="Providers the shop runs on"
      className={className}
    >
      <ul className="divide-y divide-gray-100">
        <SettingRow
          icon={CreditCard}
          title="Payments"
          status={paymentStatus}
          href={STRIPE_DASHBOARD}
          linkText="Stripe"
        />
        <SettingRow
          icon={KeyRound}
          title="Sign-in"
          status={identityStatus}
          href={GOOGLE_CREDENTIALS}
          linkText="Google Cloud"
        />
        <SettingRow
          icon={BookOpen}
          title="API reference"
          status="OpenAPI document of every endpoint"
          href={API_DOCS}
          linkText="Open docs"
        />
      </ul>
    </DashboardCard>
  );
}
