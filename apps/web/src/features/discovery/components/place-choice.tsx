import { FAN_PLACE_LABELS, tripLabel } from '@encore/contract';
import { useId } from 'react';
import { useFanPlaces } from '@/api/fan-places';
import { Select } from '@/components/ui/select';

/**
 * Where 'nearby' is measured from: home, or one of the places the fan keeps (decision 049). Shown
 * only to a fan who keeps some; their list failing to load leaves home, as before places existed.
 */
export function PlaceChoice({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (placeId: string | null) => void;
}) {
  const id = useId();
  const places = useFanPlaces().data?.places ?? [];
  if (places.length === 0) return null;
  return (
    <div className="flex flex-col gap-1.5 sm:max-w-xs">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        Near
      </label>
      <Select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">{FAN_PLACE_LABELS.home}</option>
        {places.map((place) => (
          <option key={place.id} value={place.id}>
            {place.tripStart && place.tripEnd
              ? `${place.label} (trip, ${tripLabel(place.tripStart, place.tripEnd)})`
              : place.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
