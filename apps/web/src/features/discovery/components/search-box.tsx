import { ARTIST_SEARCH_QUERY_MAX, DISCOVERY_LABELS as L } from '@encore/contract';
import { Search } from 'lucide-react';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Results for what was typed are on their way. */
  busy: boolean;
}

/** Spec "Discovery": the search box for artists or genres (the page debounces what it sends). */
export function SearchBox({ value, onChange, busy }: SearchBoxProps) {
  const id = useId();
  return (
    // No form: results follow the typing, so Enter has nothing to submit.
    <search className="relative block">
      <label htmlFor={id} className="sr-only">
        {L.searchLabel}
      </label>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-fg-muted"
      />
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        placeholder={`${L.searchLabel}…`}
        maxLength={ARTIST_SEARCH_QUERY_MAX}
        autoComplete="off"
        enterKeyHint="search"
        className="h-12 pr-10 pl-10"
      />
      {busy && <Spinner className="absolute top-1/2 right-3 size-5 -translate-y-1/2 text-accent" />}
    </search>
  );
}
