import type { TGoingInviteState } from '@encore/contract';
import type { QueryClient } from '@tanstack/react-query';
import { mapCachedNotifications } from './cached-notifications';

/**
 * An answer covers every open invite to me for the show (the server answers them all), so every
 * invite notice for that show in the cached list shows it at once, live ones included.
 */
export function setInviteState(queryClient: QueryClient, showId: string, state: TGoingInviteState) {
  mapCachedNotifications(queryClient, (n) =>
    n.kind === 'going_invite' && n.showId === showId ? { ...n, invite: { state } } : n,
  );
}
