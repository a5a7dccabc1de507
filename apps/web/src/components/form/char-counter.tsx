import { cn } from '@/lib/cn';

/** Live 'N/500' counter for a text area; pass it as FormField's hint so it is read with the field. */
export function CharCounter({ count, max }: { count: number; max: number }) {
  return (
    <span className={cn('block text-right tabular-nums', count >= max && 'text-accent')}>
      {count}/{max}
    </span>
  );
}
