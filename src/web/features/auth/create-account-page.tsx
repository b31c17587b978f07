import { UserPlus } from 'lucide-react';
import { MESSAGES } from '../../../domain/messages';
import { useSignUp } from './api/credentials';
import { paths } from '../../paths';
import { AuthLayout } from './auth-layout';
import { AuthSwitchLink } from './auth-switch-link';
import { CredentialsForm } from './credentials-form';
import { LeaveWhenSignedIn } from './leave-when-signed-in';

/**
 * `/createaccount` (spec §2): email and password, a link to /signin; welcome notice naming the shop,
 * and that a link to confirm the address is in the mail.
 */
export default function CreateAccountPage() {
  const signUp = useSignUp();

  return (
    <LeaveWhenSignedIn>
      <AuthLayout
        title="Create account"
        intro="One account for your orders, favorites and reviews."
        footer={<AuthSwitchLink question="Already have an account?" to={paths.signIn} label="Sign in" />}
      >
        <CredentialsForm
          title="Create account"
          busyLabel="Creating your account..."
          icon={UserPlus}
          newPassword
          codes={{ email_in_use: 'email' }}
          send={signUp.mutateAsync}
          welcome={MESSAGES.identity.welcome}
          welcomeDetail={MESSAGES.identity.confirmationMailed}
        />
      </AuthLayout>
    </LeaveWhenSignedIn>
  );
}
