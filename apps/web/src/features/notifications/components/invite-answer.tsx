import {
  GOING_INVITE_ANSWER_LABELS,
  GOING_INVITE_ANSWERS,
  type TNotification,
} from '@encore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAnswerInvite } from '@/api/going-together';
import { Button } from '@/components/ui/button';
import { reportRequestError } from '@/lib/report-request-error';
import { useMarkRead } from '../api/mark-read';
import { setInviteState } from '../api/set-invite-state';

/** What an answered invite says in place of its buttons. */
export const INVITE_OUTCOMES = {
  going: "You're going",
  declined: GOING_INVITE_ANSWER_LABELS.declined,
} as const;

/**
 * A going-together invite's answer, under the notice (beside its link, never inside it): Going /
 * Not this time while it is open, then what was answered, here or elsewhere. Answering stays on
 * the centre; a refusal (the invite closed, the show started) is said on the spot.
 */
export function InviteAnswer({ notification }: { notification: TNotification }) {
  const { showId, invite } = notification;
  const queryClient = useQueryClient();
  const answer = useAnswerInvite(showId ?? '');
  const markRead = useMarkRead();
  const [error, setError] = useState<string | null>(null);
  if (showId === null || invite === null) return null;

  const send = (choice: (typeof GOING_INVITE_ANSWERS)[number]) => {
    setError(null);
    answer.mutate(choice, {
      onSuccess: ({ state }) => {
        setInviteState(queryClient, showId, state);
        if (notification.readAt === null) markRead.mutate({ ids: [notification.id] });
      },
      onError: (failure) =>
        reportRequestError(failure, { title: 'Could not answer the invite', show: setError }),
    });
  };

  return (
    <div className="flex flex-col gap-2">
      <div aria-live="polite">
        {invite.state === 'invited' ? (
          <div className="flex flex-wrap gap-2">
            {GOING_INVITE_ANSWERS.map((choice) => (
              <Button
                key={choice}
                size="sm"
                variant={choice === 'going' ? 'primary' : 'secondary'}
                disabled={answer.isPending}
                onClick={() => send(choice)}
              >
                {GOING_INVITE_ANSWER_LABELS[choice]}
              </Button>
            ))}
          </div>
        ) : (
          <p className="text-sm font-semibold text-fg">{INVITE_OUTCOMES[invite.state]}</p>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
