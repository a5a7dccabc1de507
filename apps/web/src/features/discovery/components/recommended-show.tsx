import type { TRecommendedArtist } from '@encore/contract';
import { formatMiles } from '../utils/format-distance';
import { ShowSummary } from './show-summary';

/** The show that puts an artist on Recommended: when, where, and how far from the fan's home. */
export function RecommendedShow({ item }: { item: TRecommendedArtist }) {
  const distance = `${formatMiles(item.distanceMiles)} ${item.nearby ? 'from home' : 'away'}`;
  return <ShowSummary show={item.show} distance={distance} />;
}
