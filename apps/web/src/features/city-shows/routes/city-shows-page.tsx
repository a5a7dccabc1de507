import { CITY_SHOWS_LABELS as L, type TCityShows } from '@encore/contract';
import { CalendarX2 } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState, ListSkeleton, LoadError } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { ApiError } from '@/lib/api-client';
import { useCityShows } from '../api/get-city-shows';
import { CityFilters } from '../components/city-filters';
import { CityPager } from '../components/city-pager';
import { CitySearchForm } from '../components/city-search-form';
import { CityShowList } from '../components/city-show-list';
import { YourPlaces } from '../components/your-places';
import { type CityParams, cityHref, cityParams } from '../utils/city-search';

const LINK = 'font-semibold text-accent underline-offset-4 hover:underline';

/**
 * /shows?near=Boston, MA — public: upcoming shows near a city or ZIP, 50 a page, with distance,
 * date and genre filters. Everything the visitor chose is in the URL (the page's only state).
 * A signed-in fan also gets their home and other places as searches (`fan`).
 */
export function CityShowsPageRoute({ fan = false }: { fan?: boolean }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const params = cityParams(search);
  const go = (changes: CityParams) => navigate(cityHref(params, changes));
  const query = useCityShows(params);
  // A new search box for each place searched, so it starts with that place's name.
  const searchBox = (error?: string) => (
    <CitySearchForm
      key={params.near ?? ''}
      initial={params.near}
      error={error}
      onSearch={(near) => go({ near })}
    />
  );

  if (!params.near || (query.error && placeError(query.error))) {
    return (
      <div className="flex flex-col gap-6">
        <PageTitle title={L.searchTitle} />
        <h1 className="font-display text-3xl font-bold tracking-tight">{L.searchTitle}</h1>
        {searchBox(query.error ? placeError(query.error) : undefined)}
        {fan && <YourPlaces params={params} />}
      </div>
    );
  }
  const data = query.data;
  const title = L.title(data?.place.label ?? params.near);
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title={title} />
      <h1 className="font-display text-3xl font-bold tracking-tight break-words">{title}</h1>
      {searchBox()}
      {fan && <YourPlaces params={params} />}
      {data && data.otherPlaces.length > 0 && <OtherPlaces data={data} params={params} />}
      <CityFilters params={params} onChange={go} />
      {query.error ? (
        <FilterError error={query.error} retry={() => query.refetch()} near={params.near} />
      ) : !data ? (
        <ListSkeleton what="shows" rows={4} />
      ) : (
        <Results data={data} params={params} />
      )}
    </div>
  );
}

/** The API's message about the place itself (unknown city or ZIP), if that is what failed. */
function placeError(error: Error): string | undefined {
  return error instanceof ApiError ? error.fields.near : undefined;
}

function Results({ data, params }: { data: TCityShows; params: CityParams }) {
  if (data.shows.length === 0) {
    return (
      <EmptyState icon={CalendarX2} title={L.empty}>
        {L.emptyHint}
      </EmptyState>
    );
  }
  return (
    <>
      <CityShowList shows={data.shows} />
      <CityPager
        page={data.page}
        hasNext={data.hasNext}
        hrefFor={(page) => cityHref(params, { page: String(page) })}
      />
    </>
  );
}

/** Other states' cities of the same name: the listing took the largest. */
function OtherPlaces({ data, params }: { data: TCityShows; params: CityParams }) {
  return (
    <p className="text-sm text-fg-muted">
      {L.didYouMean}{' '}
      {data.otherPlaces.map((place, i) => (
        <span key={place.label}>
          {i > 0 && ', '}
          <Link to={cityHref(params, { near: place.label })} className={LINK}>
            {place.label}
          </Link>
        </span>
      ))}
      ?
    </p>
  );
}

/** A filter the API refused (a hand-edited URL): its message and a way back to the plain list. */
function FilterError({ error, retry, near }: { error: Error; retry: () => void; near: string }) {
  if (!(error instanceof ApiError) || error.status !== 400) {
    return <LoadError what="these shows" error={error} retry={retry} />;
  }
  return (
    <div role="alert" className="flex flex-col items-start gap-2">
      <p className="text-danger">{Object.values(error.fields)[0] ?? error.message}</p>
      <Link to={cityHref({}, { near })} className={LINK}>
        Show all upcoming shows near {near}
      </Link>
    </div>
  );
}
