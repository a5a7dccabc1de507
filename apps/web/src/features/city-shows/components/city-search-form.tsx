import { CITY_SHOWS_LABELS as L } from '@encore/contract';
import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface CitySearchFormProps {
  /** What the box starts with (the city searched for). */
  initial?: string;
  /** A message about the place (an unknown city), shown under the box. */
  error?: string;
  onSearch: (near: string) => void;
}

/** The city or ZIP to list shows near; submitting changes the page's `near`. */
export function CitySearchForm({ initial = '', error, onSearch }: CitySearchFormProps) {
  const [near, setNear] = useState(initial);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (near.trim()) onSearch(near.trim());
  };
  return (
    <search>
      <form onSubmit={submit} className="flex flex-col gap-2">
        <Label htmlFor={id}>{L.searchLabel}</Label>
        <div className="flex gap-2">
          <Input
            id={id}
            type="search"
            value={near}
            onChange={(e) => setNear(e.target.value)}
            placeholder={L.searchPlaceholder}
            autoComplete="postal-code"
            enterKeyHint="search"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <Button type="submit" className="shrink-0">
            <Search aria-hidden className="size-4" />
            {L.search}
          </Button>
        </div>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
      </form>
    </search>
  );
}
