import { useAuth } from '@/features/auth/hooks/use-auth';
import type { ShowOwner } from '@/features/manage-shows/components/announce-show-form';
import { AnnounceShowRoute } from '@/features/manage-shows/routes/announce-show';
import { EditShowRoute } from '@/features/manage-shows/routes/edit-show';
import { MyShowsRoute } from '@/features/manage-shows/routes/my-shows';

/** Whose shows these are: the signed-in performer or venue (RequireUser lets only them in). */
function useOwner(): ShowOwner | null {
  const { user } = useAuth();
  if (!user || user.role === 'fan') return null;
  return { role: user.role, id: user.id };
}

export function MyShowsScreen() {
  const owner = useOwner();
  return owner && <MyShowsRoute owner={owner} />;
}

export function AnnounceShowScreen() {
  const owner = useOwner();
  return owner && <AnnounceShowRoute owner={owner} />;
}

export function EditShowScreen() {
  const owner = useOwner();
  return owner && <EditShowRoute owner={owner} />;
}
