import type { TLastfmPreview } from '@encore/contract';

type Ambiguous = TLastfmPreview['ambiguous'][number];

/**
 * A Last.fm name that several Encore artists share: the fan says which one they mean, or none
 * (the default: Encore never picks one for them).
 */
export function AmbiguousChoice({
  item,
  picked,
  onPick,
}: {
  item: Ambiguous;
  picked: string;
  onPick: (performerId: string) => void;
}) {
  const option = (value: string, label: string, detail: string, disabled = false) => (
    <label
      key={value || 'none'}
      className="flex cursor-pointer items-start gap-3 text-sm has-disabled:cursor-default"
    >
      <input
        type="radio"
        name={`lastfm-${item.lastfmName}`}
        value={value}
        checked={picked === value}
        disabled={disabled}
        onChange={() => onPick(value)}
        className="mt-0.5 size-4 shrink-0 accent-accent"
      />
      <span>
        <span className="font-medium">{label}</span>
        {detail && <span className="block text-fg-muted">{detail}</span>}
      </span>
    </label>
  );
  return (
    <fieldset className="flex flex-col gap-2 rounded-xl border border-line p-3">
      <legend className="px-1 text-sm font-semibold">
        {item.artists.length} artists on Encore are called “{item.lastfmName}”: which one?
      </legend>
      {item.artists.map((artist) =>
        option(
          artist.id,
          artist.name,
          [
            artist.genres.join(' · '),
            artist.onTour ? 'On tour' : '',
            artist.alertChannels ? 'Watching already' : '',
          ]
            .filter(Boolean)
            .join(' · '),
          artist.alertChannels !== null,
        ),
      )}
      {option('', 'None of them', '')}
    </fieldset>
  );
}
