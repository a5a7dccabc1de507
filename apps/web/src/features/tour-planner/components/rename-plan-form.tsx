import { type TTourPlanSummary, ZTourPlanRename } from '@encore/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { reportRequestError } from '@/lib/report-request-error';
import { useRenameTourPlan } from '../api/tour-plans';

/** The plan's name, edited in place: Save or Cancel (Escape). */
export function RenamePlanForm({ plan, onDone }: { plan: TTourPlanSummary; onDone: () => void }) {
  const [name, setName] = useState(plan.name);
  const [error, setError] = useState<string>();
  const rename = useRenameTourPlan();
  const errorId = `rename-${plan.id}-error`;
  const input = useRef<HTMLInputElement>(null);
  // Focused on opening by hand, not with autoFocus: React calls focus() for autoFocus, Preact only
  // sets the attribute, which a browser ignores on an element added after the page loaded.
  useEffect(() => input.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZTourPlanRename.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    rename.mutate(
      { id: plan.id, name: parsed.data.name },
      {
        onSuccess: () => {
          toast.success('Plan renamed');
          onDone();
        },
        onError: (failure) =>
          reportRequestError(failure, {
            title: 'Could not rename the plan',
            fields: { names: ['name'] as const, set: (_, text) => setError(text) },
            show: setError,
          }),
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-2">
        <Input
          ref={input}
          aria-label="Plan name"
          value={name}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && onDone()}
          className="min-w-0 flex-1"
        />
        <Button type="submit" size="sm" disabled={rename.isPending}>
          Save
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <div role="alert">
        <FieldError id={errorId} message={error} />
      </div>
    </form>
  );
}
