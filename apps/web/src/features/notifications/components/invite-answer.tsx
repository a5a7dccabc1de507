import type { TNotification } from '@encore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { INVITE_OUTCOMES, InviteAnswerButtons } from '@/components/social/invite-answer-buttons';
import { useMarkRead } from '../api/mark-read';
import { setInviteState } from '../api/set-invite-state';

/**
 * A going-together invite's answer, under the notice (beside its link, never inside it): Going /
 * Not this time while it is open, then what was answered, here or elsewhere. Answering stays on
 * the centre and counts as reading the notice.
 */
export function InviteAnswer({ notification }: { notification: TNotification }) {
  const { showId, invite } = notification;
  const queryClient = useQueryClient();
  const markRead = useMarkRead();
  if (showId === null || invite === null) return null;
  return (
    <div aria-live="polite">
      {invite.state === 'invited' ? (
        <InviteAnswerButtons
          showId={showId}
          onAnswered={(state) => {
            setInviteState(queryClient, showId, state);
            if (notification.readAt === null) markRead.mutate({ ids: [notification.id] });
          }}
        />
      ) : (
        <p className="text-sm font-semibold text-fg">{INVITE_OUTCOMES[invite.state]}</p>
      )}
    </div>
  );
}
