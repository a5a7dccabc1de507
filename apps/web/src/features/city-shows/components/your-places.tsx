import { CITY_SHOWS_RADII, type TFanPlace, tripLabel } from '@encore/contract';
import { Link } from 'react-router';
import { useFanPlaces } from '@/api/fan-places';
import { useProfile } from '@/api/profile';
import { type CityParams, cityHref } from '../utils/city-search';

const LINK = 'font-semibold text-accent underline-offset-4 hover:underline';

/** The page's distance nearest above a radius (the listing offers a few; 100 covers any). */
const listingRadius = (miles: number) =>
  String(CITY_SHOWS_RADII.find((r) => r >= miles) ?? CITY_SHOWS_RADII.at(-1));

/** A place as a search: its ZIP or city, its radius, and a trip's days as the dates. */
function placeSearch(place: TFanPlace): CityParams {
  return {
    near: place.zipCode ?? place.label,
    radius: listingRadius(place.radius),
    from: place.tripStart ?? '',
    to: place.tripEnd ?? '',
    when: '',
  };
}

/**
 * A signed-in fan's home and other places (decision 049) as one-click searches of the listing:
 * the fan's radius for each, a trip's days as its dates. Nothing when the fan keeps no places (the
 * search box is then the whole story) or while they load.
 */
export function YourPlaces({ params }: { params: CityParams }) {
  const places = useFanPlaces().data?.places ?? [];
  const home = useProfile('fan').data?.profile;
  if (places.length === 0) return null;
  const searches = [
    ...(home
      ? [
          {
            key: 'home',
            text: `Home (${home.homeCity})`,
            search: {
              near: home.zipCode,
              radius: listingRadius(home.preferredRadius),
              from: '',
              to: '',
              when: '',
            },
          },
        ]
      : []),
    ...places.map((place) => ({
      key: place.id,
      text:
        place.tripStart && place.tripEnd
          ? `${place.label} (trip, ${tripLabel(place.tripStart, place.tripEnd)})`
          : place.label,
      search: placeSearch(place),
    })),
  ];
  return (
    <nav aria-label="Your places" className="text-sm text-fg-muted">
      Your places:{' '}
      {searches.map((s, i) => (
        <span key={s.key}>
          {i > 0 && ' · '}
          <Link to={cityHref(params, s.search)} className={LINK}>
            {s.text}
          </Link>
        </span>
      ))}
    </nav>
  );
}
