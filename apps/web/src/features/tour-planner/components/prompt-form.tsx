import { TOUR_PLANNER_MESSAGES as M, TOUR_PROMPT_MAX, ZTourPlanInput } from '@encore/contract';
import { Sparkles } from 'lucide-react';
import { type FormEvent, type Ref, useState } from 'react';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';

interface PromptFormProps {
  prompt: string;
  onPromptChange: (prompt: string) => void;
  /** The server's word on the prompt, if it had one. */
  serverError?: string;
  pending: boolean;
  onSubmit: (prompt: string) => void;
  promptRef?: Ref<HTMLTextAreaElement>;
}

/** The seed's prompt form: not blank ('Please enter your tour planning prompt'), then 'Processing...'. */
export function PromptForm({
  prompt,
  onPromptChange,
  serverError,
  pending,
  onSubmit,
  promptRef,
}: PromptFormProps) {
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZTourPlanInput.safeParse({ prompt });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? M.promptRequired);
      return;
    }
    setError(undefined);
    onSubmit(parsed.data.prompt);
  };
  return (
    <form noValidate onSubmit={submit} aria-busy={pending} className="flex flex-col gap-4">
      <FormField
        label="Your tour"
        error={error ?? serverError}
        hint="Where, when, how many dates, room sizes, how far you drive a day, dates you must play. For example: 10 dates in the Northeast in March, 500-1000 capacity, max 300 miles a day."
      >
        {(control) => (
          <Textarea
            {...control}
            ref={promptRef}
            rows={4}
            maxLength={TOUR_PROMPT_MAX}
            value={prompt}
            onChange={(e) => onPromptChange(e.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" disabled={pending} className="self-end">
        {pending ? <Spinner /> : <Sparkles aria-hidden className="size-4" />}
        {pending ? 'Processing...' : 'Plan my tour'}
      </Button>
    </form>
  );
}
