import { BellOff } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** No alerts yet: what brings them, and where to set that up (performers and venues: notices). */
export function NotificationsEmpty({ fan }: { fan: boolean }) {
  if (!fan) {
    return (
      <Card className="flex flex-col items-center gap-3 text-center">
        <BellOff aria-hidden className="size-10 text-accent" />
        <h2 className="font-display text-xl font-semibold">No notices yet</h2>
        <p className="max-w-prose text-fg-muted">
          When a venue or a performer lists you for a show, or a booking request comes in, it waits
          here and in Your Shows for your answer; you also hear when others answer your own shows
          and booking requests.
        </p>
        <Link to={paths.manageShows.list.href()} className={buttonClasses()}>
          Your Shows
        </Link>
      </Card>
    );
  }
  return (
    <Card className="flex flex-col items-center gap-3 text-center">
      <BellOff aria-hidden className="size-10 text-accent" />
      <h2 className="font-display text-xl font-semibold">No alerts yet</h2>
      <p className="max-w-prose text-fg-muted">
        Alerts come when an artist you watch announces a show, when tickets go on sale or prices
        drop, when a show you are going to changes, and when a show in your favourite genres is
        announced near you.
      </p>
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Link to={paths.fan.discovery.href()} className={buttonClasses()}>
          Watch artists
        </Link>
        <Link to={paths.fan.settings.href()} className={buttonClasses({ variant: 'secondary' })}>
          Notification settings
        </Link>
      </div>
    </Card>
  );
}
