import { useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { isLongMessage } from '../utils/booking-requests';

/**
 * The performer's message, kept to a few lines so a long outreach email does not push the other
 * requests off the screen; 'Show full message' opens it in place.
 */
export function BookingMessage({ message }: { message: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const long = isLongMessage(message);
  return (
    <div className="flex flex-col items-start gap-1">
      <p
        id={id}
        className={cn(
          'w-full whitespace-pre-line break-words text-sm',
          long && !expanded && 'line-clamp-4',
        )}
      >
        {message}
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
          className="rounded text-sm font-semibold text-accent hover:text-accent-strong"
        >
          {expanded ? 'Show less' : 'Show full message'}
        </button>
      )}
    </div>
  );
}
