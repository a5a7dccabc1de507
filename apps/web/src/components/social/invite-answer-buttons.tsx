import {
  GOING_INVITE_ANSWER_LABELS,
  GOING_INVITE_ANSWERS,
  type TGoingInviteState,
} from '@encore/contract';
import { useState } from 'react';
import { useAnswerInvite } from '@/api/going-together';
import { Button } from '@/components/ui/button';
import { reportRequestError } from '@/lib/report-request-error';

/** What an answered going-together invite says in place of its buttons. */
export const INVITE_OUTCOMES = {
  going: "You're going",
  declined: GOING_INVITE_ANSWER_LABELS.declined,
} as const;

/**
 * Going / Not this time for the open invites to me for one show (the notification centre and
 * /social). A refusal (the invite closed, the show started) is said under the buttons.
 */
export function InviteAnswerButtons({
  showId,
  onAnswered,
}: {
  showId: string;
  onAnswered: (state: TGoingInviteState) => void;
}) {
  const answer = useAnswerInvite(showId);
  const [error, setError] = useState<string | null>(null);
  const send = (choice: (typeof GOING_INVITE_ANSWERS)[number]) => {
    setError(null);
    answer.mutate(choice, {
      onSuccess: ({ state }) => onAnswered(state),
      onError: (failure) =>
        reportRequestError(failure, { title: 'Could not answer the invite', show: setError }),
    });
  };
  return (
    <div className="flex flex-col gap-2">
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
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
