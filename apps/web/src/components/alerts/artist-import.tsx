import { ALERT_CHANNEL_LABELS, ALERT_MESSAGES, type TAlertChannel } from '@encore/contract';
import { Eye } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { CheckboxField } from '@/components/form/checkbox-field';
import { reportRequestError } from '@/lib/report-request-error';

/** Push and email need nothing more; SMS needs a verified phone, set per artist afterwards. */
export const IMPORT_CHANNELS = ['push', 'email'] as const satisfies readonly TAlertChannel[];

export const artistsWord = (n: number) => (n === 1 ? '1 artist' : `${n} artists`);

/**
 * What a music-library import (Spotify, Last.fm) lets the fan change: the artists unticked (all
 * start ticked) and the channels (push and email to start with).
 */
export function useImportChoice() {
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [channels, setChannels] = useState<TAlertChannel[]>([...IMPORT_CHANNELS]);
  return {
    unticked,
    channels,
    toggleArtist: (id: string, on: boolean) =>
      setUnticked((old) => {
        const next = new Set(old);
        if (on) next.delete(id);
        else next.add(id);
        return next;
      }),
    toggleChannel: (channel: TAlertChannel, on: boolean) =>
      setChannels((old) => IMPORT_CHANNELS.filter((c) => (c === channel ? on : old.includes(c)))),
    reset: () => {
      setUnticked(new Set());
      setChannels([...IMPORT_CHANNELS]);
    },
  };
}

/** The import's 'Alert channels': push and email, SMS left for each artist afterwards. */
export function ImportChannels({
  channels,
  onToggle,
}: {
  channels: readonly TAlertChannel[];
  onToggle: (channel: TAlertChannel, on: boolean) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-semibold">Alert channels</legend>
      {IMPORT_CHANNELS.map((channel) => (
        <CheckboxField
          key={channel}
          label={ALERT_CHANNEL_LABELS[channel]}
          checked={channels.includes(channel)}
          onChange={(e) => onToggle(channel, e.currentTarget.checked)}
        />
      ))}
      <p className="text-sm text-fg-muted">SMS can be added for each artist afterwards.</p>
    </fieldset>
  );
}

/** An imported artist the fan has an alert on already: no tick, their alert stays as it is. */
export function WatchingAlready({ name }: { name: string }) {
  return (
    <p className="flex items-start gap-3 text-sm">
      <Eye aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
      <span>
        <span className="font-medium">{name}</span>
        <span className="block text-fg-muted">Watching already</span>
      </span>
    </p>
  );
}

/** An import's one request (the Spotify and Last.fm import mutations). */
type ImportMutation = {
  mutate(
    body: { performerIds: string[]; channels: TAlertChannel[] },
    handlers: { onSuccess: (result: { added: number }) => void; onError: (error: unknown) => void },
  ): void;
};

/**
 * Submits an import form: a channel at least, then one request sets every chosen artist; on
 * success a toast ('Watching 3 artists from Spotify', the channels) and `onDone`. A failure, a
 * field error on one of `fields` included, shows in the form's one error line (`setError`).
 */
export function submitImport(
  event: FormEvent,
  {
    from,
    save,
    chosen,
    channels,
    fields,
    setError,
    onDone,
  }: {
    from: string;
    save: ImportMutation;
    chosen: string[];
    channels: TAlertChannel[];
    fields: readonly string[];
    setError: (message: string | null) => void;
    onDone: () => void;
  },
) {
  event.preventDefault();
  if (channels.length === 0) return setError(ALERT_MESSAGES.selectChannel);
  setError(null);
  save.mutate(
    { performerIds: chosen, channels },
    {
      onSuccess: ({ added }) => {
        const via = channels.map((c) => ALERT_CHANNEL_LABELS[c]).join(', ');
        toast.success(`Watching ${artistsWord(added)} from ${from}`, {
          description: `Alerts via ${via}`,
        });
        onDone();
      },
      onError: (failure) =>
        reportRequestError(failure, {
          title: 'Could not import your artists',
          fields: { names: fields, set: (_field, message) => setError(message) },
          show: setError,
        }),
    },
  );
}
