import type { TVenuePage } from '@encore/contract';
import { MapPin, Users } from 'lucide-react';
import { useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Face } from '@/components/shows/face';
import { formatCount } from '@/components/shows/format-show';
import { ShowList } from '@/components/shows/show-card';
import { useVenue } from '../api/get-venue';
import { ExternalLinks } from '../components/external-links';
import { PageError, PageSkeleton } from '../components/page-state';

/** /venues/:id — public: the venue's profile and its upcoming shows. */
export function VenuePageRoute() {
  const { id = '' } = useParams();
  const query = useVenue(id);
  if (query.error)
    return <PageError error={query.error} retry={() => query.refetch()} what="venue" />;
  if (!query.data) return <PageSkeleton what="venue" />;
  return <VenueView page={query.data} />;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function VenueView({ page }: { page: TVenuePage }) {
  const { venue, upcoming } = page;
  return (
    <article className="flex flex-col gap-8">
      <PageTitle title={venue.name} />
      <header className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <Face name={venue.name} photoUrl={venue.photoUrl} decorative size="2xl" />
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap gap-2 text-xs font-semibold">
            <span className="inline-flex h-7 items-center rounded-full border border-line-strong px-3">
              {capitalize(venue.venueType)}
            </span>
            <span className="inline-flex h-7 items-center rounded-full border border-accent px-3 text-accent">
              {capitalize(venue.ageRestriction)}
            </span>
          </div>
          <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">
            {venue.name}
          </h1>
          <address className="flex items-center gap-2 text-fg-muted not-italic">
            <MapPin aria-hidden className="size-4 shrink-0" />
            {venue.streetAddress}, {venue.city}, {venue.state} {venue.zipCode}
          </address>
          <p className="flex items-center gap-2 text-fg-muted">
            <Users aria-hidden className="size-4 shrink-0" />
            Capacity {formatCount(venue.capacity)}
          </p>
        </div>
      </header>
      {venue.description && <p className="max-w-prose whitespace-pre-line">{venue.description}</p>}
      {venue.amenities.length > 0 && (
        <section aria-labelledby="amenities-heading" className="flex flex-col gap-3">
          <h2 id="amenities-heading" className="font-display text-xl font-semibold">
            Amenities
          </h2>
          <ul className="flex flex-wrap gap-2">
            {venue.amenities.map((a) => (
              <li key={a} className="rounded-full bg-surface-raised px-3 py-1 text-sm">
                {a}
              </li>
            ))}
          </ul>
        </section>
      )}
      <ExternalLinks links={[{ label: 'Website', href: venue.websiteUrl }]} />
      <ShowList title="Upcoming Shows" shows={upcoming} empty="No upcoming shows yet" />
    </article>
  );
}
