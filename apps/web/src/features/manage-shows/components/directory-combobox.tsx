import type { TDirectoryEntry } from '@encore/contract';
import { type KeyboardEvent, useId, useState } from 'react';
import { FormField } from '@/components/form/form-field';
import { Input } from '@/components/ui/input';
import { Listbox, ListboxOption } from '@/components/ui/listbox';
import { type DirectoryKind, useDirectorySearch } from '../api/search-directory';
import { useDebouncedValue } from '../utils/use-debounced-value';

interface DirectoryComboboxProps {
  label: string;
  kind: DirectoryKind;
  /** Receives the chosen entry, and null as soon as the text no longer names it. */
  onSelect: (entry: TDirectoryEntry | null) => void;
  error?: string;
}

/** Searchable combobox over the directory (ARIA 1.2 combobox + listbox; 300 ms debounce). */
export function DirectoryCombobox({ label, kind, onSelect, error }: DirectoryComboboxProps) {
  const listId = useId();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebouncedValue(text.trim(), 300);
  const search = useDirectorySearch(kind, q, open);
  const results = search.data?.results ?? [];
  const expanded = open && results.length > 0;
  const nothingFound = open && search.isFetched && results.length === 0;

  const choose = (entry: TDirectoryEntry) => {
    setText(entry.name);
    setChosen(true);
    setOpen(false);
    setActive(-1);
    onSelect(entry);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (results.length ? (i + step + results.length) % results.length : -1));
    } else if (event.key === 'Enter' && open && results[active]) {
      event.preventDefault();
      choose(results[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <FormField label={label} error={error} required>
      {(control) => (
        <div className="relative">
          <Input
            {...control}
            role="combobox"
            autoComplete="off"
            placeholder={`Search ${kind}`}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
              if (chosen) {
                setChosen(false);
                onSelect(null);
              }
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
          <Listbox id={listId} label={`${label} results`} hidden={!expanded}>
            {results.map((entry, index) => (
              <ListboxOption
                key={entry.id}
                id={`${listId}-${index}`}
                active={index === active}
                onPick={() => choose(entry)}
                className="flex-col"
              >
                <span className="font-medium text-fg">{entry.name}</span>
                {entry.detail && <span className="text-sm text-fg-muted">{entry.detail}</span>}
              </ListboxOption>
            ))}
          </Listbox>
          <p role="status" className="empty:hidden px-1 pt-1 text-sm text-fg-muted">
            {nothingFound ? `No ${kind} found` : ''}
          </p>
        </div>
      )}
    </FormField>
  );
}
