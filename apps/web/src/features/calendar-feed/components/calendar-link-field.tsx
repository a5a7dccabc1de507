import { Check, Copy } from 'lucide-react';
import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCopied } from '@/lib/use-copied';

/** The link, read-only and selected on focus, with 'Copy' ('Copied' for 2 seconds). */
export function CalendarLinkField({ url }: { url: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const { copied, copy } = useCopied();
  const onCopy = async () => {
    if (await copy(url)) return;
    // Without clipboard access, leave the link selected so the fan can copy it by hand.
    input.current?.select();
    toast.error('Could not copy the link', { description: 'It is selected: copy it yourself.' });
  };
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Your calendar link</Label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={id}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 font-mono text-sm"
        />
        <Button variant="secondary" className="shrink-0" onClick={() => void onCopy()}>
          {copied ? (
            <Check aria-hidden className="size-4" />
          ) : (
            <Copy aria-hidden className="size-4" />
          )}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {copied ? 'Link copied to clipboard' : ''}
      </p>
    </div>
  );
}
