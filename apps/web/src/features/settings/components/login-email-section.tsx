import type { TEmailChangeState, TRole } from '@encore/contract';
import { Link } from 'react-router';
import { SETTINGS_TAB_PARAM } from '@/config/paths';
import { useEmailChange } from '../api/get-email-change';
import { LoadState } from './load-state';
import { LoginEmailForm } from './login-email-form';
import { PendingEmailChange } from './pending-email-change';
import { SettingsSection } from './settings-section';

const DESCRIPTIONS: Record<TRole, string> = {
  fan: 'The address you log in with and where your alerts are mailed.',
  // A performer's or venue's profile Email is the band's / venue's booking address, shown to
  // others: it is a different thing from the login and must not move with it.
  performer:
    "The address you log in with and where Encore mails you. Your profile's Email is your booking contact and stays as it is.",
  venue:
    "The address you log in with and where Encore mails you. Your profile's Email is the venue's contact and stays as it is.",
};

/**
 * Settings › Security, every role: the account's login address, the change waiting for its
 * link (Resend / Cancel), and a way to change it by a link to the new address.
 */
export function LoginEmailSection({ forRole: role }: { forRole: TRole }) {
  const query = useEmailChange();
  return (
    <SettingsSection title="Login Email" description={DESCRIPTIONS[role]}>
      {query.data ? (
        <LoginEmail role={role} state={query.data} />
      ) : (
        <LoadState
          isPending={query.isPending}
          error={query.error}
          retry={() => void query.refetch()}
          what="your login email"
        />
      )}
    </SettingsSection>
  );
}

function LoginEmail({ role, state }: { role: TRole; state: TEmailChangeState }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3 className="font-medium">Current login email</h3>
        <p className="text-sm break-all text-fg-muted">{state.email}</p>
      </div>
      {state.pending && <PendingEmailChange pending={state.pending} />}
      {role === 'fan' ? <FanChangesItInProfile /> : <LoginEmailForm current={state.email} />}
    </div>
  );
}

/**
 * A fan's profile Email IS the login address (the profile mirrors it), and the Profile tab
 * already changes it by link: a second form here would be two inputs for one value, so this
 * points there instead.
 */
function FanChangesItInProfile() {
  return (
    <p className="text-sm text-fg-muted">
      To change it, edit the Email field in the{' '}
      <Link
        to={{ search: `?${SETTINGS_TAB_PARAM}=profile` }}
        className="font-medium text-accent underline"
      >
        Profile tab
      </Link>
      .
    </p>
  );
}
