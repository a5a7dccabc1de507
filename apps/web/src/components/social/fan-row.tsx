import type { TPalFan } from '@encore/contract';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { initials } from '@/components/shows/format-show';
import { paths } from '@/config/paths';

interface FanRowProps {
  fan: TPalFan;
  /** What to say under the name: '3 shows in common', 'Asked Nov 20'. */
  detail?: string;
  /** The row's buttons. */
  children?: ReactNode;
}

/** One fan in a Show Pals list: face, tag name, home city, a detail line and the actions. */
export function FanRow({ fan, detail, children }: FanRowProps) {
  const nameId = useId();
  return (
    <article
      aria-labelledby={nameId}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface/90 p-4 sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <FanFace name={fan.name} photoUrl={fan.photoUrl} />
        <div className="flex min-w-0 flex-col">
          <h3 id={nameId} className="font-display text-lg font-semibold break-words">
            <Link
              to={paths.fanProfile.href(fan.username)}
              className="hover:text-accent-strong hover:underline"
            >
              {fan.name}
            </Link>
          </h3>
          {fan.city && <p className="text-sm text-fg-muted">{fan.city}</p>}
          {detail && <p className="text-sm text-fg-muted">{detail}</p>}
        </div>
      </div>
      {children && <div className="flex flex-wrap gap-2 sm:shrink-0">{children}</div>}
    </article>
  );
}

/** The fan's photo, or initials; decorative because the name is right beside it. */
export function FanFace({
  name,
  photoUrl,
  large = false,
}: {
  name: string;
  photoUrl: string | null;
  large?: boolean;
}) {
  const classes = `grid ${large ? 'size-20 text-2xl' : 'size-12'} shrink-0 place-items-center overflow-hidden rounded-full bg-surface-raised font-semibold text-fg`;
  if (photoUrl) return <img src={photoUrl} alt="" className={`${classes} object-cover`} />;
  return (
    <span aria-hidden className={classes}>
      {initials(name)}
    </span>
  );
}
