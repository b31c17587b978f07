import { useSession } from '../../api/use-session';
import { BackHomeLink } from '../../components/back-home-link';
import { PageHeader } from '../../components/page-header';
import { PAGE_WIDTH } from '../../components/page-width';
import { AccountGroup } from './account-section';
import { AddressesSection } from './addresses-section';
import { AvatarForm } from './avatar-form';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountSection } from './delete-account-section';
import { DropEntriesSection } from './drop-entries-section';
import { OrdersSection } from './orders-section';
import { ProfileCard } from './profile-card';
import { ProfileForm } from './profile-form';
import { PasskeysSection } from './passkeys-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';
import { useGoogleWelcome } from './use-google-welcome';
import { YourDataSection } from './your-data-section';

/** `/account` (spec §2, signed-in only: the route's guard sees to that). */
export default function AccountPage() {
  useGoogleWelcome();
  const { data: user } = useSession();
  if (!user) return null;

  return (
    <div className={`${PAGE_WIDTH} py-10 sm:py-14`}>
      <PageHeader eyebrow="My Account" title={`Hi, ${user.name || user.email}`} />
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr] lg:items-start lg:gap-8">
        <ProfileCard user={user} />
        {/* What a shopper comes for first (their orders), then their profile, then the rarer
            settings; leaving the shop last and quietly (issue 32). */}
        <div className="min-w-0 space-y-6">
          <OrdersSection userId={user._id} />
          <DropEntriesSection />
          {/* Keyed by the name: after it changes elsewhere the form starts from the new one. */}
          <ProfileForm key={user.name} user={user} />
          <AvatarForm user={user} />
          <AddressesSection />
          <AccountGroup title="Sign-in and security">
            <ChangePasswordForm email={user.email} />
            <TwoFactorSection user={user} />
            <PasskeysSection user={user} />
            <SessionsSection />
          </AccountGroup>
          <YourDataSection />
          <DeleteAccountSection user={user} />
        </div>
      </div>
      <div className="mt-10">
        <BackHomeLink variant="plain" />
      </div>
    </div>
  );
}
