import type { TFanHomePlace, TFanLocation } from '@encore/contract';
import { Home, MapPin } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ErrorLine } from './error-line';

const place = (where: { city: string; state: string }) => `${where.city}, ${where.state}`;

interface HomeOfferProps {
  location: TFanLocation;
  home: TFanHomePlace;
  saving: boolean;
  error: string | null;
  onMakeHome: () => void;
  onKeep: () => void;
}

/** The position differs from the home: offer it as the home alerts are matched around. */
export function HomeOffer({ location, home, saving, error, onMakeHome, onKeep }: HomeOfferProps) {
  return (
    <div className="flex flex-col gap-5">
      <div role="status" className="flex items-start gap-3">
        <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
        <p>
          You’re near{' '}
          <span className="font-semibold">
            {place(location)} {location.zipCode}
          </span>
          .
        </p>
      </div>
      <div className="flex items-start gap-3 text-fg-muted">
        <Home aria-hidden className="mt-0.5 size-5 shrink-0" />
        <p>
          Shows of your favourite genres are matched around your home, now{' '}
          <span className="font-medium text-fg">
            {place(home)} {home.zipCode}
          </span>
          . Make {place(location)} your home instead?
        </p>
      </div>
      <ErrorLine message={error} />
      <div className="flex flex-col gap-3">
        <Button size="lg" onClick={onMakeHome} disabled={saving} aria-busy={saving}>
          {saving ? 'Saving...' : `Make ${place(location)} my home`}
        </Button>
        <Button size="lg" variant="secondary" onClick={onKeep} disabled={saving}>
          Keep {place(home)}
        </Button>
      </div>
    </div>
  );
}
