import type { TFanHomeShow } from '@encore/contract';
import { ArrowRight, Compass } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { DateBlock } from '@/components/shows/date-block';
import { StatusBadge } from '@/components/shows/status-badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { GoingCount } from './going-count';
import { ShowWhereWhen } from './show-where-when';

/** Spec "Fan dashboard": the fan's next going-to show, or where to find one. */
export function NextShowCard({ next }: { next: TFanHomeShow | null }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="font-display text-xl font-semibold">
        Next Show
      </h2>
      {next ? <NextShow item={next} /> : <NoNextShow />}
    </section>
  );
}

function NextShow({ item }: { item: TFanHomeShow }) {
  const { show } = item;
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <div className="flex items-start gap-4">
        <DateBlock
          startsAt={show.startsAt}
          timeZone={show.timeZone}
          leaf={item.startsLocal}
          highlight
        />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="font-display text-2xl font-bold">{show.performer.name}</h3>
            {show.status === 'postponed' && <StatusBadge status={show.status} />}
          </div>
          <ShowWhereWhen show={show} startsText={item.startsLocal?.text} />
        </div>
      </div>
      <GoingCount item={item} />
      <Link
        to={paths.show.href(show.id)}
        className={buttonClasses({ className: 'w-full sm:w-fit' })}
      >
        View show
        <ArrowRight aria-hidden className="size-4" />
      </Link>
    </Card>
  );
}

function NoNextShow() {
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <p className="text-fg-muted">
        You are not going to any upcoming shows yet. Watch the artists you love and Encore lists
        their shows, and those of your favourite genres near home, in your alerts.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to={paths.fan.discovery.href()} className={buttonClasses()}>
          <Compass aria-hidden className="size-4" />
          Discover Artists
        </Link>
        <Link to={paths.fan.alerts.href()} className={buttonClasses({ variant: 'secondary' })}>
          See your alerts
        </Link>
      </div>
    </Card>
  );
}
