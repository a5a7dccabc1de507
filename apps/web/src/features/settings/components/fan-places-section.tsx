import { FAN_PLACES_MAX, FAN_PLACE_LABELS as L, type TFanPlace, tripLabel } from '@encore/contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { useFanPlaces } from '@/api/fan-places';
import { Button } from '@/components/ui/button';
import { reportRequestError } from '@/lib/report-request-error';
import { useRemoveFanPlace } from '../api/remove-fan-place';
import { FanPlaceForm } from './fan-place-form';
import { LoadState } from './load-state';
import { SettingsSection } from './settings-section';

/** What the open form edits: a new place, one of the list, or none (the form is closed). */
type Editing = { place: TFanPlace | null } | null;

/**
 * Settings › Profile, under the home: the places a fan keeps besides home (decision 049), each
 * with its radius and trip, to add, edit and remove. Alerts by genre and radius count every one.
 */
export function FanPlacesSection() {
  const places = useFanPlaces();
  const [editing, setEditing] = useState<Editing>(null);
  const list = places.data?.places;
  return (
    <SettingsSection title={L.title} description={L.intro} region>
      {list ? (
        <>
          {list.length === 0 && !editing && <p className="text-sm text-fg-muted">{L.empty}</p>}
          {list.length > 0 && (
            <ul className="flex flex-col gap-2">
              {list.map((place) =>
                editing?.place?.id === place.id ? (
                  <li key={place.id}>
                    <FanPlaceForm place={place} onDone={() => setEditing(null)} />
                  </li>
                ) : (
                  <PlaceRow key={place.id} place={place} onEdit={() => setEditing({ place })} />
                ),
              )}
            </ul>
          )}
          {editing && editing.place === null && (
            <FanPlaceForm place={null} onDone={() => setEditing(null)} />
          )}
          {!editing &&
            (list.length < FAN_PLACES_MAX ? (
              <Button
                type="button"
                variant="secondary"
                className="self-start"
                onClick={() => setEditing({ place: null })}
              >
                {L.add}
              </Button>
            ) : (
              <p className="text-sm text-fg-muted">{L.full}</p>
            ))}
        </>
      ) : (
        <LoadState
          isPending={places.isPending}
          error={places.error}
          retry={() => void places.refetch()}
          what="your places"
        />
      )}
    </SettingsSection>
  );
}

function PlaceRow({ place, onEdit }: { place: TFanPlace; onEdit: () => void }) {
  const remove = useRemoveFanPlace();
  const trip = place.tripStart && place.tripEnd ? tripLabel(place.tripStart, place.tripEnd) : null;
  const onRemove = () =>
    remove.mutate(place.id, {
      onSuccess: () => toast.success(L.removed),
      onError: (error) => reportRequestError(error, { title: 'Could not remove the place' }),
    });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line p-3 text-sm">
      <div className="flex min-w-0 flex-col">
        <span className="font-medium text-fg">{place.label}</span>
        <span className="text-fg-muted">
          {`Within ${place.radius} miles`}
          {trip ? ` · Trip, ${trip}` : ''}
        </span>
      </div>
      <div className="flex gap-2">
        <Button
          type="button"
          size="sm"
          variant="secondary"
          aria-label={`${L.edit} ${place.label}`}
          onClick={onEdit}
        >
          {L.edit}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={remove.isPending}
          aria-label={`${L.remove} ${place.label}`}
          onClick={onRemove}
        >
          {L.remove}
        </Button>
      </div>
    </li>
  );
}
