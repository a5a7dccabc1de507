import { TOUR_DATES_URLS } from '@encore/contract/tour-dates-urls';
import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useCopied } from '@/lib/use-copied';
import { SettingsSection } from './settings-section';

/** The snippets a performer pastes on their own site, with this Encore's address in them. */
export function widgetSnippets(origin: string, performerId: string) {
  const script = `<script src="${origin}${TOUR_DATES_URLS.script}" data-artist="${performerId}" async></script>`;
  const frameUrl = `${origin}${TOUR_DATES_URLS.frame('artists', performerId)}`;
  const iframe = `<iframe src="${frameUrl}" title="Tour dates" width="100%" height="480" style="border:0" loading="lazy"></iframe>`;
  return { script, iframe };
}

/** A read-only snippet, selected on focus, with 'Copy' ('Copied' for 2 seconds). */
function SnippetField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const { copied, copy } = useCopied();
  const onCopy = async () => {
    if (await copy(value)) return;
    field.current?.select();
    toast.error('Could not copy the snippet', { description: 'It is selected: copy it yourself.' });
  };
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        ref={field}
        id={id}
        readOnly
        rows={3}
        value={value}
        onFocus={(e) => e.currentTarget.select()}
        className="font-mono text-sm"
      />
      <Button
        variant="secondary"
        className="self-start"
        aria-label={`Copy ${label.toLowerCase()}`}
        onClick={() => void onCopy()}
      >
        {copied ? (
          <Check aria-hidden className="size-4" />
        ) : (
          <Copy aria-hidden className="size-4" />
        )}
        {copied ? 'Copied' : 'Copy'}
      </Button>
      <p role="status" className="sr-only">
        {copied ? `${label} copied to clipboard` : ''}
      </p>
    </div>
  );
}

/**
 * The live preview: the widget's own script, loaded here as on the performer's site (it draws
 * in a shadow root beside its tag), so what they see is what their visitors will.
 */
function WidgetPreview({ performerId }: { performerId: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const script = document.createElement('script');
    script.src = TOUR_DATES_URLS.script;
    script.async = true;
    script.dataset.artist = performerId;
    target.replaceChildren(script);
    return () => target.replaceChildren();
  }, [performerId]);
  return <div ref={box} data-testid="tour-dates-preview" />;
}

/** Performer settings > Booking: the embeddable tour-dates widget (Bandsintown-style). */
export function TourDatesWidgetSection({ performerId }: { performerId: string }) {
  const { script, iframe } = widgetSnippets(window.location.origin, performerId);
  return (
    <section aria-label="Tour-dates widget">
      <SettingsSection
        title="Tour-dates widget"
        description="Show your upcoming shows on your own website, with 'Set Alert' and 'Purchase Ticket(s)' for each date. Paste the script where the list should appear, or the iframe where scripts are not allowed."
      >
        <SnippetField label="Script snippet" value={script} />
        <SnippetField label="Iframe snippet" value={iframe} />
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold">Preview</h3>
          <WidgetPreview performerId={performerId} />
        </div>
      </SettingsSection>
    </section>
  );
}
