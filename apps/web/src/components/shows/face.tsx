import { cn } from '@/lib/cn';
import { initials } from './format-show';

/**
 * Each size sets the circle and its initials together: Tailwind orders same-property utilities
 * by value, not by class order, so a 'size-7' added to a 'size-10' never wins; sizes go here.
 */
const SIZES = {
  /** Small faces beside a line of text ('Sam and Alex are going'). */
  xs: 'size-7 text-xs',
  sm: 'size-10 text-sm',
  md: 'size-12 text-base',
  lg: 'size-20 text-2xl',
  xl: 'size-24 text-2xl',
  '2xl': 'size-32 text-4xl',
} as const;

interface FaceProps {
  name: string;
  photoUrl: string | null;
  size?: keyof typeof SIZES;
  /** A ring in the page's colour, which keeps overlapping faces apart; off for a face alone. */
  ring?: boolean;
  className?: string;
  /** Faces beside a visible name are decorative; alone they carry the name. */
  decorative?: boolean;
}

/** A round photo, or the name's initials when there is none. */
export function Face({
  name,
  photoUrl,
  size = 'sm',
  ring = true,
  className,
  decorative = false,
}: FaceProps) {
  const classes = cn(
    'inline-grid shrink-0 place-items-center overflow-hidden rounded-full bg-surface-raised font-semibold text-fg',
    SIZES[size],
    ring && 'border-2 border-bg',
    className,
  );
  if (photoUrl) {
    return (
      <img src={photoUrl} alt={decorative ? '' : name} className={cn(classes, 'object-cover')} />
    );
  }
  if (decorative) {
    return (
      <span aria-hidden className={classes}>
        {initials(name)}
      </span>
    );
  }
  return (
    <span role="img" aria-label={name} className={classes}>
      {initials(name)}
    </span>
  );
}
