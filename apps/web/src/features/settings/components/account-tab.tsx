import { Download } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { ACCOUNT_EXPORT_URL } from '../api/export-account';
import { useAccountSecurity } from '../api/get-account-security';
import { DeleteAccountDialog } from './delete-account-dialog';
import { LoadState } from './load-state';
import { SettingsSection } from './settings-section';
import { formatDate } from './stat-list';

/** Shared by the three roles: who the account is, a copy of its data, and deleting it. */
export function AccountTab() {
  const query = useAccountSecurity();
  return (
    <>
      <SettingsSection title="Account Information">
        {query.data ? (
          <dl className="grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-fg-muted">Member since</dt>
              <dd className="font-medium">{formatDate(query.data.createdAt)}</dd>
            </div>
            <div>
              <dt className="text-sm text-fg-muted">User ID</dt>
              <dd className="font-mono text-sm break-all">{query.data.userId}</dd>
            </div>
          </dl>
        ) : (
          <LoadState
            isPending={query.isPending}
            error={query.error}
            retry={() => void query.refetch()}
            what="your account"
          />
        )}
      </SettingsSection>
      <SettingsSection
        title="Your Data"
        description="A JSON file of everything Encore stores about you."
      >
        <a
          href={ACCOUNT_EXPORT_URL}
          download
          className={buttonClasses({ variant: 'secondary', className: 'self-start' })}
        >
          <Download aria-hidden className="size-4" />
          Export My Data
        </a>
      </SettingsSection>
      <SettingsSection
        title="Danger Zone"
        description="Deleting your account removes your profile, settings and photos for good."
      >
        <div className="self-start">
          <DeleteAccountDialog />
        </div>
      </SettingsSection>
    </>
  );
}
