import { TOUR_PLANNER_MESSAGES as M } from '@encore/contract';
import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useCopied } from '@/lib/use-copied';
import type { SaidFailure } from '../utils/planning-failure';

interface CopyButtonProps {
  what: 'Contact List' | 'Email Draft';
  text: string;
  /**
   * The browser would not copy (null: a later copy worked): the dialog says so beside the buttons
   * rather than in a toast over its edge.
   */
  onFailure: (failure: SaidFailure | null) => void;
}

/** The seed's copy buttons: '{what}', then 'Copied' for 2 seconds, with its toast. */
export function CopyButton({ what, text, onFailure }: CopyButtonProps) {
  const { copied, copy } = useCopied();
  const onCopy = async () => {
    if (await copy(text)) {
      onFailure(null);
      toast.success(M.copied(what));
    } else {
      onFailure({
        title: `Could not copy the ${what.toLowerCase()}`,
        description: 'Select it and copy it yourself.',
      });
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={() => void onCopy()}>
      {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
      {copied ? 'Copied' : what}
    </Button>
  );
}
