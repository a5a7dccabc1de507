import { cn } from '@/lib/cn';
import { initials } from './format-show';

interface FaceProps {
  name: string;
  photoUrl: string | null;
  className?: string;
  /** Faces beside a visible name are decorative; alone they carry the name. */
  decorative?: boolean;
}

/** A round photo, or the name's initials when there is none. */
export function Face({ name, photoUrl, className, decorative = false }: FaceProps) {
  const classes = cn(
    'inline-grid size-10 shrink-0 place-items-center overflow-hidden rounded-full border-2 border-bg bg-surface-raised text-sm font-semibold text-fg',
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
