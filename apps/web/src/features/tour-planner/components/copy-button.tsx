import { TOUR_PLANNER_MESSAGES as M } from '@encore/contract';
import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useCopied } from '@/lib/use-copied';

interface CopyButtonProps {
  what: 'Contact List' | 'Email Draft';
  text: string;
}

/** The seed's copy buttons: '{what}', then 'Copied' for 2 seconds, with its toast. */
export function CopyButton({ what, text }: CopyButtonProps) {
  const { copied, copy } = useCopied();
  const onCopy = async () => {
    if (await copy(text)) toast.success(M.copied(what));
    else
      toast.error(`Could not copy the ${what.toLowerCase()}`, {
        description: 'Select it and copy it yourself.',
      });
  };
  return (
    <Button variant="secondary" size="sm" onClick={() => void onCopy()}>
      {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
      {copied ? 'Copied' : what}
    </Button>
  );
}
