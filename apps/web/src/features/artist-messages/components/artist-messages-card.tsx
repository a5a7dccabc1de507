import {
  ARTIST_MESSAGE_AUDIENCE_LABELS,
  ARTIST_MESSAGE_MAX,
  ARTIST_MESSAGE_MESSAGES as M,
  RADIUS_DEFAULT_MILES,
  type TArtistMessageAudience,
  type TArtistMessagePreview,
  ZArtistMessageRequest,
} from '@encore/contract';
import { Eye, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import {
  usePreviewArtistMessage,
  useSendArtistMessage,
  useSentArtistMessages,
} from '@/api/artist-messages';
import { CharCounter } from '@/components/form/char-counter';
import { FormField } from '@/components/form/form-field';
import { RadiusSlider } from '@/components/form/radius-slider';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { dateTimeFormat } from '@/lib/intl-format';
import { reportRequestError } from '@/lib/report-request-error';

type Field = 'body' | 'near' | 'radius';

const WHEN = dateTimeFormat({
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** '12 fans' or 'fewer than 5 fans': a reach under 5 is never told (as the dashboards). */
export const reachText = (reach: number | null) =>
  reach === null ? `${M.fewerThan5} fans` : `${reach} ${reach === 1 ? 'fan' : 'fans'}`;

/**
 * The performer dashboard's artist messages card (decision 045): write a short message to all
 * followers or those near a city or ZIP, preview how many fans it reaches, send; and the messages
 * sent, with their reach. Two may go in any 7 days; the card says when the next can.
 */
export function ArtistMessagesCard() {
  const [body, setBody] = useState('');
  const [audience, setAudience] = useState<TArtistMessageAudience>('all');
  const [near, setNear] = useState('');
  const [radius, setRadius] = useState(RADIUS_DEFAULT_MILES);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [preview, setPreview] = useState<TArtistMessagePreview | null>(null);
  const previewing = usePreviewArtistMessage();
  const sending = useSendArtistMessage();
  const sent = useSentArtistMessages();

  const input = () => (audience === 'all' ? { body, audience } : { body, audience, near, radius });
  const fields = {
    names: ['body', 'near', 'radius'] as const,
    set: (field: Field, message: string) => setErrors((e) => ({ ...e, [field]: message })),
  };
  /** Validates with the server's schema; answers the request or null (errors shown). */
  const checked = () => {
    const parsed = ZArtistMessageRequest.safeParse(input());
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const found: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      found[field] ??= issue.message;
    }
    setErrors(found);
    return null;
  };
  const changed = () => setPreview(null);

  const onPreview = () => {
    const request = checked();
    if (!request) return;
    const { body: _, ...who } = request;
    previewing.mutate(who, {
      onSuccess: setPreview,
      onError: (error) => reportRequestError(error, { title: 'Could not preview', fields }),
    });
  };
  const onSend = (event: FormEvent) => {
    event.preventDefault();
    const request = checked();
    if (!request) return;
    sending.mutate(request, {
      onSuccess: (message) => {
        toast.success(`${M.sent} to ${reachText(message.reach)}`);
        setBody('');
        setPreview(null);
      },
      onError: (error) => reportRequestError(error, { title: 'Could not send', fields }),
    });
  };
  const nextAllowedAt = preview?.nextAllowedAt ?? sent.data?.nextAllowedAt ?? null;

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-col gap-1">
        <h2 className="font-display text-xl font-semibold">Message your followers</h2>
        <p className="text-fg-muted">
          A presale code, a new date: in your followers' notifications, and by email to those who
          allow artist messages. Two messages every 7 days.
        </p>
      </div>
      <form
        noValidate
        onSubmit={onSend}
        className="flex flex-col gap-4"
        aria-busy={sending.isPending}
      >
        <FormField
          label="Message"
          error={errors.body}
          hint={<CharCounter count={body.length} max={ARTIST_MESSAGE_MAX} />}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={ARTIST_MESSAGE_MAX}
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
          )}
        </FormField>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-fg">Send to</legend>
          {(['all', 'nearby'] as const).map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="audience"
                value={option}
                checked={audience === option}
                onChange={() => {
                  setAudience(option);
                  changed();
                }}
                className="size-4 accent-accent"
              />
              {ARTIST_MESSAGE_AUDIENCE_LABELS[option]}
            </label>
          ))}
        </fieldset>
        {audience === 'nearby' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="City or ZIP" error={errors.near}>
              {(control) => (
                <Input
                  {...control}
                  value={near}
                  placeholder="Chicago, IL or 60601"
                  onChange={(e) => {
                    setNear(e.target.value);
                    changed();
                  }}
                />
              )}
            </FormField>
            <RadiusSlider
              label="Within"
              value={radius}
              onChange={(miles) => {
                setRadius(miles);
                changed();
              }}
            />
          </div>
        )}
        {preview && (
          <p role="status" className="rounded-xl border border-line-strong p-3 text-sm">
            This message will reach <strong>{reachText(preview.reach)}</strong>
            {preview.place ? ` near ${preview.place}` : ''}.
          </p>
        )}
        {nextAllowedAt && (
          <p className="text-sm text-fg-muted">
            You have sent 2 messages in the last 7 days. Your next message can go out{' '}
            {WHEN.format(new Date(nextAllowedAt))}.
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            type="button"
            variant="secondary"
            onClick={onPreview}
            disabled={previewing.isPending}
          >
            {previewing.isPending ? <Spinner /> : <Eye aria-hidden className="size-4" />}
            Preview reach
          </Button>
          <Button type="submit" disabled={sending.isPending || preview === null}>
            {sending.isPending ? <Spinner /> : <Send aria-hidden className="size-4" />}
            Send message
          </Button>
        </div>
      </form>
      <SentMessages messages={sent.data?.items ?? []} />
    </Card>
  );
}

function SentMessages({
  messages,
}: {
  messages: Array<{
    id: string;
    body: string;
    audience: string;
    reach: number | null;
    sentAt: string;
  }>;
}) {
  if (messages.length === 0) return null;
  return (
    <section aria-labelledby="sent-messages" className="flex flex-col gap-2">
      <h3 id="sent-messages" className="font-semibold">
        Sent messages
      </h3>
      <ul className="flex flex-col gap-2">
        {messages.map((m) => (
          <li key={m.id} className="rounded-xl border border-line p-3 text-sm">
            <p className="whitespace-pre-wrap text-fg">{m.body}</p>
            <p className="mt-1 text-fg-muted">
              {WHEN.format(new Date(m.sentAt))} · {m.audience} · reached {reachText(m.reach)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
