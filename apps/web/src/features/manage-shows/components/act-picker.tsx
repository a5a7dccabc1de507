import { type KeyboardEvent, useId, useState } from 'react';
import { Face } from '@/components/shows/face';
import { Input } from '@/components/ui/input';
import { Listbox, ListboxOption } from '@/components/ui/listbox';
import { useDirectorySearch } from '../api/search-directory';
import type { ActDraft } from '../utils/act-draft';
import { useDebouncedValue } from '../utils/use-debounced-value';

interface ActPickerProps {
  /** The input's ids and ARIA state from its FormField. */
  control: { id: string; 'aria-describedby': string | undefined; 'aria-invalid': boolean };
  /** Artists who cannot be picked again: the headliner and the acts already on the bill. */
  excludeIds: readonly string[];
  disabled: boolean;
  onPick: (act: ActDraft) => void;
}

/**
 * The supporting act's combobox: the same directory search as the headliner's picker (ARIA 1.2
 * combobox + listbox, 300 ms debounce), each artist with its genres and photo so two artists of
 * one name can be told apart, and last "Not on Encore? Add 'X' as a name" for an act that is not
 * on Encore. Picking adds the act and empties the box for the next one.
 */
export function ActPicker({ control, excludeIds, disabled, onPick }: ActPickerProps) {
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = text.trim();
  const q = useDebouncedValue(typed, 300);
  const search = useDirectorySearch('performers', q, open && q !== '');
  const artists = (q === '' ? [] : (search.data?.results ?? [])).filter(
    (entry) => !excludeIds.includes(entry.id),
  );
  // The typed name is offered only once Encore has been searched for it, so an artist on Encore
  // is never added as a bare name by a click that came before its search answered.
  const offerTyped = typed !== '' && q === typed && search.isFetched && !search.isFetching;
  const options: ActDraft[] = [
    ...artists.map((e) => ({ performerId: e.id, name: e.name, detail: e.detail })),
    ...(offerTyped ? [{ performerId: null, name: typed, detail: '' }] : []),
  ];
  const photos = new Map(artists.map((e) => [e.id, e.photoUrl]));
  const expanded = open && options.length > 0;

  const pick = (act: ActDraft) => {
    onPick(act);
    setText('');
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step !== 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (options.length ? (i + step + options.length) % options.length : -1));
    } else if (event.key === 'Enter') {
      // Enter never submits the show from here: it picks the active option, or opens the list.
      event.preventDefault();
      const option = options[active];
      if (open && option) pick(option);
      else setOpen(true);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <Input
        {...control}
        role="combobox"
        autoComplete="off"
        placeholder="Search artists, or type a name"
        maxLength={100}
        disabled={disabled}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <Listbox id={listId} label="Supporting act results" hidden={!expanded}>
        {options.map((option, index) => (
          <ListboxOption
            key={option.performerId ?? `name:${option.name}`}
            id={`${listId}-${index}`}
            active={index === active}
            onPick={() => pick(option)}
            className="items-center gap-3"
          >
            {option.performerId ? (
              <>
                <Face
                  name={option.name}
                  photoUrl={photos.get(option.performerId) ?? null}
                  size="sm"
                  decorative
                />
                <span className="flex min-w-0 flex-col">
                  <span className="font-medium text-fg">{option.name}</span>
                  <span className="text-sm text-fg-muted">{option.detail || 'On Encore'}</span>
                </span>
              </>
            ) : (
              <span className="text-fg">
                Not on Encore? Add <strong>‘{option.name}’</strong> as a name
              </span>
            )}
          </ListboxOption>
        ))}
      </Listbox>
    </div>
  );
}
