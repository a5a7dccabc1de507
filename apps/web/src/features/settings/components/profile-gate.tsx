import { PROFILE_EXTRA_MESSAGES, type TRole } from '@encore/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type ProfileResponse, useProfile } from '@/api/profile';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { LoadState } from './load-state';

type Profile<R extends TRole> = NonNullable<ProfileResponse<R>['profile']>;

/** Loads the role's profile and renders `children` with it, or says to complete it first. */
export function ProfileGate<R extends TRole>({
  forRole: role,
  children,
}: {
  forRole: R;
  children: (profile: Profile<R>) => ReactNode;
}) {
  const query = useProfile(role);
  const missing =
    (query.error instanceof ApiError && query.error.code === 'PROFILE_REQUIRED') ||
    (query.isSuccess && !query.data.profile);
  if (missing) return <ProfileRequired role={role} />;
  const profile = query.data?.profile as Profile<R> | null | undefined;
  if (!profile) {
    return (
      <LoadState
        isPending={query.isPending}
        error={query.error}
        retry={() => void query.refetch()}
        what="your profile"
      />
    );
  }
  return children(profile);
}

/** Shown instead of a profile tab when the role's setup was never completed. */
export function ProfileRequired({ role }: { role: TRole }) {
  return (
    <Card className="flex flex-col items-start gap-4 p-5 sm:p-6">
      <p role="alert">{PROFILE_EXTRA_MESSAGES.profileMissing}</p>
      <Link to={paths[role].setup.href()} className={buttonClasses({ size: 'sm' })}>
        Complete your profile
      </Link>
    </Card>
  );
}
