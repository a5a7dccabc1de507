import type { TShow } from '@encore/contract';
import { Link } from 'react-router';
import { Face } from '@/components/shows/face';
import { paths } from '@/config/paths';

type Act = TShow['supportingActs'][number];

const linkClass = 'font-semibold text-accent underline-offset-4 hover:underline';

/**
 * Only the show's performer and venue are told where each Encore act's confirmation stands (the
 * contract sends it to them alone); everyone else sees the acts that confirmed.
 */
function actState(act: Act): string | null {
  if (act.confirmation === 'pending') return 'Awaiting confirmation';
  if (act.confirmation === 'declined') return 'Declined';
  return null;
}

/** The line-up: the headliner, then each supporting act; an Encore act links to its page. */
export function ShowBill({ show }: { show: TShow }) {
  const { performer } = show;
  return (
    <section aria-labelledby="lineup-heading" className="flex flex-col gap-3">
      <h2 id="lineup-heading" className="font-display text-xl font-semibold">
        Line-up
      </h2>
      <ol className="flex flex-col gap-2">
        <li className="flex items-center gap-3">
          <Face name={performer.name} photoUrl={performer.photoUrl} decorative />
          <Link to={paths.artistPage.href(performer.id)} className={linkClass}>
            {performer.name}
          </Link>
          <span className="text-sm text-fg-muted">Headliner</span>
        </li>
        {show.supportingActs.map((act) => {
          const state = actState(act);
          return (
            <li key={act.performerId ?? `name:${act.name}`} className="flex items-center gap-3">
              <Face name={act.name} photoUrl={null} decorative />
              {act.performerId ? (
                <Link to={paths.artistPage.href(act.performerId)} className={linkClass}>
                  {act.name}
                </Link>
              ) : (
                <span>{act.name}</span>
              )}
              <span className="text-sm text-fg-muted">Supporting</span>
              {state && (
                <span className="rounded-full border border-line-strong px-2 py-0.5 text-xs font-semibold">
                  {state}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
