import type { TRole } from '@encore/contract';
import { useAccountSecurity } from '../api/get-account-security';
import { ChangePasswordForm } from './change-password-form';
import { EmailVerificationRow } from './email-verification-row';
import { LoadState } from './load-state';
import { LoginEmailSection } from './login-email-section';
import { PhoneVerificationRow } from './phone-verification-row';
import { SettingsSection } from './settings-section';

/** Shared by the three roles: login email, password, email and phone verification. */
export function SecurityTab({ forRole }: { forRole: TRole }) {
  const query = useAccountSecurity();
  return (
    <>
      <LoginEmailSection forRole={forRole} />
      <ChangePasswordForm />
      <SettingsSection title="Verification">
        {query.data ? (
          <div className="flex flex-col gap-6">
            <EmailVerificationRow security={query.data} />
            <PhoneVerificationRow security={query.data} />
          </div>
        ) : (
          <LoadState
            isPending={query.isPending}
            error={query.error}
            retry={() => void query.refetch()}
            what="your verification status"
          />
        )}
      </SettingsSection>
    </>
  );
}
