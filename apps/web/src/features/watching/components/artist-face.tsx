import { initials } from '../utils/format-alert';

/** The artist's photo, or their initials; decorative because the name is right beside it. */
export function ArtistFace({ name, photoUrl }: { name: string; photoUrl: string | null }) {
  const classes =
    'grid size-12 shrink-0 place-items-center overflow-hidden rounded-full bg-surface-raised font-semibold text-fg sm:size-14';
  if (photoUrl) return <img src={photoUrl} alt="" className={`${classes} object-cover`} />;
  return (
    <span aria-hidden className={classes}>
      {initials(name)}
    </span>
  );
}
