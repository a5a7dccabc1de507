import type { TGoingInvite, TPalFan } from '@encore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { toast } from 'sonner';
import { useGoingInvites } from '@/api/going-together';
import { notificationKeys } from '@/api/notification-keys';
import { FacesLine } from '@/components/shows/faces-line';
import { ShowCard } from '@/components/shows/show-card';
import { INVITE_OUTCOMES, InviteAnswerButtons } from '@/components/social/invite-answer-buttons';

/** 'Sam Rivera', 'Sam Rivera and Alex Kim', 'Sam Rivera, Alex Kim and 2 others'. */
export function inviterNames(from: readonly TPalFan[]): string {
  const names = from.map((fan) => fan.name);
  if (names.length <= 2) return names.join(' and ');
  const others = names.length - 2;
  return `${names.slice(0, 2).join(', ')} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/**
 * /social's 'Invites' (going together): each open invite to me, who asked, the show (linking to
 * it), and Going / Not this time. Answered, it leaves the list (refetched); nothing at all when
 * there is none open, or while the list loads or failed (the rest of the page is what matters).
 */
export function InvitesSection() {
  const headingId = useId();
  const query = useGoingInvites();
  const invites = query.data?.invites ?? [];
  if (invites.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="font-display text-xl font-semibold">
        Invites
      </h2>
      <ul className="flex flex-col gap-6">
        {invites.map((invite) => (
          <li key={invite.show.id}>
            <InviteCard invite={invite} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function InviteCard({ invite }: { invite: TGoingInvite }) {
  const { show, from } = invite;
  const queryClient = useQueryClient();
  return (
    <article
      aria-label={`${show.performer.name}, invited by ${inviterNames(from)}`}
      className="flex flex-col gap-2"
    >
      <FacesLine fans={from.slice(0, 3)} text={`${inviterNames(from)} invited you`} />
      <ShowCard show={show} />
      <InviteAnswerButtons
        showId={show.id}
        onAnswered={(state) => {
          if (state !== 'invited') toast.success(INVITE_OUTCOMES[state]);
          // The same invite's notice, answered here, loses its buttons in the centre.
          void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
        }}
      />
    </article>
  );
}
