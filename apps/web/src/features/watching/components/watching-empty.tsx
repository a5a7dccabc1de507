import { Compass, Eye } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** No alerts yet: point the fan at artists to watch. */
export function WatchingEmpty() {
  return (
    <Card className="flex flex-col items-center gap-3 text-center">
      <Eye aria-hidden className="size-10 text-accent" />
      <h2 className="font-display text-xl font-semibold">You are not watching any artists</h2>
      <p className="text-fg-muted">
        Set an alert on an artist and we will tell you about their new shows, ticket sales and
        changes.
      </p>
      <Link to={paths.fan.discovery.href()} className={buttonClasses({ className: 'mt-2' })}>
        <Compass aria-hidden className="size-5" />
        Discover Artists
      </Link>
    </Card>
  );
}
