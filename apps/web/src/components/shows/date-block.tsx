import { cn } from '@/lib/cn';
import { dateBlock } from './format-show';

/**
 * The calendar-leaf month and day at the left of a show card, in the venue's time zone. Hidden from
 * screen readers: every card also says the full local date and time in words.
 */
export function DateBlock({
  startsAt,
  timeZone,
  highlight = false,
  leaf,
}: {
  startsAt: string;
  timeZone: string;
  /** The month and day as the server wrote them (the fan home's `startsLocal`): no Intl here. */
  leaf?: { month: string; day: string };
  /** The Next Show card's leaf is filled with the accent colour and a little larger. */
  highlight?: boolean;
}) {
  const { month, day } = leaf ?? dateBlock(startsAt, timeZone);
  return (
    <span
      aria-hidden
      className={cn(
        'flex shrink-0 flex-col items-center rounded-xl py-2',
        highlight ? 'w-16 bg-accent text-on-accent' : 'w-14 bg-surface-raised',
      )}
    >
      <span className={cn('text-xs font-semibold', !highlight && 'text-accent')}>{month}</span>
      <span className={cn('font-display font-bold', highlight ? 'text-3xl' : 'text-2xl')}>
        {day}
      </span>
    </span>
  );
}
