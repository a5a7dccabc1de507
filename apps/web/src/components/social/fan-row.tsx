import type { TPalFan } from '@encore/contract';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Face } from '@/components/shows/face';
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
        <Face name={fan.name} photoUrl={fan.photoUrl} size="md" ring={false} decorative />
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
