import {
  CITY_SHOWS_DEFAULT_RADIUS,
  CITY_SHOWS_RADII,
  CITY_SHOWS_WHEN,
  GENRES,
  CITY_SHOWS_LABELS as L,
} from '@encore/contract';
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { CityParams } from '../utils/city-search';

const CUSTOM = 'custom';

interface CityFiltersProps {
  params: CityParams;
  onChange: (changes: CityParams) => void;
}

/** Distance, dates and genre: each change is a new URL, so the filtered page can be shared. */
export function CityFilters({ params, onChange }: CityFiltersProps) {
  const id = useId();
  // "Pick dates" before any date is picked lives here; once one is, the URL says so.
  const [picking, setPicking] = useState(false);
  const custom = picking || Boolean(params.from || params.to);
  const when = params.when ?? (custom ? CUSTOM : '');
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <legend className="sr-only">Filters</legend>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-radius`}>{L.radius}</Label>
        <Select
          id={`${id}-radius`}
          value={params.radius ?? String(CITY_SHOWS_DEFAULT_RADIUS)}
          onChange={(e) => onChange({ radius: e.target.value })}
        >
          {CITY_SHOWS_RADII.map((r) => (
            <option key={r} value={String(r)}>
              Within {r} miles
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-when`}>{L.when}</Label>
        <Select
          id={`${id}-when`}
          value={when}
          onChange={(e) => {
            const value = e.target.value;
            setPicking(value === CUSTOM);
            const quick = value === CUSTOM ? '' : value;
            onChange({ when: quick, from: '', to: '' });
          }}
        >
          <option value="">{L.anyDate}</option>
          {CITY_SHOWS_WHEN.map((w) => (
            <option key={w} value={w}>
              {L.whenLabels[w]}
            </option>
          ))}
          <option value={CUSTOM}>{L.customDates}</option>
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-genre`}>{L.genre}</Label>
        <Select
          id={`${id}-genre`}
          value={params.genre ?? ''}
          onChange={(e) => onChange({ genre: e.target.value })}
        >
          <option value="">{L.anyGenre}</option>
          {GENRES.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </Select>
      </div>
      {custom && (
        <div className="grid grid-cols-2 gap-3 sm:col-span-3">
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-from`}>{L.from}</Label>
            <Input
              id={`${id}-from`}
              type="date"
              value={params.from ?? ''}
              onChange={(e) => onChange({ from: e.target.value })}
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-to`}>{L.to}</Label>
            <Input
              id={`${id}-to`}
              type="date"
              value={params.to ?? ''}
              min={params.from}
              onChange={(e) => onChange({ to: e.target.value })}
            />
          </div>
        </div>
      )}
    </fieldset>
  );
}
