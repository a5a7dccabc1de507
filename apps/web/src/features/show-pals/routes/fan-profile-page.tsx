import type { TFanPublicProfile } from '@encore/contract';
import { Lock } from 'lucide-react';
import { useParams } from 'react-router';
import { useFanProfile } from '@/api/social';
import { ListSkeleton, LoadError } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { Face } from '@/components/shows/face';
import { ShowList } from '@/components/shows/show-card';
import { RelationAction } from '@/components/social/relation-action';

/**
 * /fans/:username: a fan's profile, each part only as their privacy lets me see it — the server
 * leaves out what I may not see, and this page says why rather than showing an empty list.
 */
export function FanProfilePageRoute() {
  const { id: username = '' } = useParams();
  const query = useFanProfile(username);
  return (
    <div className="flex flex-col gap-8">
      {query.isPending && <ListSkeleton what="the profile" rows={2} />}
      {query.isError && (
        <>
          <PageTitle title="Fan not found" />
          <LoadError what="this fan" error={query.error} retry={() => void query.refetch()} />
        </>
      )}
      {query.data && <FanProfileView profile={query.data} />}
    </div>
  );
}

function FanProfileView({ profile }: { profile: TFanPublicProfile }) {
  const { fan, hiddenBecause, favoriteGenres, palsCount, going, attended } = profile;
  return (
    <>
      <PageTitle title={fan.name} />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-4">
          <Face name={fan.name} photoUrl={fan.photoUrl} size="lg" ring={false} decorative />
          <div className="flex min-w-0 flex-col gap-1">
            <h1 className="font-display text-3xl font-bold tracking-tight break-words">
              {fan.name}
            </h1>
            {fan.city && <p className="text-fg-muted">{fan.city}</p>}
            {palsCount !== null && (
              <p className="text-sm text-fg-muted">
                {palsCount} {palsCount === 1 ? 'Show Pal' : 'Show Pals'}
              </p>
            )}
          </div>
        </div>
        <div className="flex gap-2">
          <RelationAction fan={fan} />
        </div>
      </header>
      {hiddenBecause && (
        <p role="note" className="flex items-start gap-2 rounded-2xl border border-line p-4">
          <Lock aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
          {hiddenBecause === 'private'
            ? `${fan.name} keeps their profile private.`
            : `Only ${fan.name}’s Show Pals see their profile.`}
        </p>
      )}
      {favoriteGenres && favoriteGenres.length > 0 && (
        <section aria-labelledby="fan-genres" className="flex flex-col gap-2">
          <h2 id="fan-genres" className="font-display text-xl font-semibold">
            Favourite genres
          </h2>
          <p className="flex flex-wrap gap-2">
            {favoriteGenres.map((genre) => (
              <span
                key={genre}
                className="rounded-full border border-accent px-3 py-1 text-sm font-semibold text-accent"
              >
                {genre}
              </span>
            ))}
          </p>
        </section>
      )}
      {going && <ShowList title="Going to" shows={going} empty="No upcoming shows yet." />}
      {attended && <ShowList title="Went to" shows={attended} empty="No shows attended yet." />}
      {!hiddenBecause && !going && (
        <p className="text-fg-muted">{fan.name} keeps the shows they go to to themselves.</p>
      )}
    </>
  );
}
