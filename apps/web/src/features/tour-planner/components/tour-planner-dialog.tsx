import {
  EMPTY_TOUR_CONSTRAINTS,
  TOUR_PLANNER_MESSAGES as M,
  type TTourConstraints,
  ZTourConstraints,
} from '@encore/contract';
import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ListSkeleton, LoadError } from '@/components/page-states';
import { DialogShell, DialogTitleWithClose } from '@/components/ui/dialog-shell';
import { ApiError } from '@/lib/api-client';
import { useCreateTourPlan, useTourPlan } from '../api/tour-plans';
import type { ConstraintErrors } from '../utils/constraints-draft';
import { planningFailure, type SaidFailure } from '../utils/planning-failure';
import { ConstraintsForm } from './constraints-form';
import { FailureAlert } from './failure-alert';
import { PlanResults } from './plan-results';
import { PromptForm } from './prompt-form';

interface TourPlannerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The plan on show; null for the prompt form. */
  planId: string | null;
  onPlanIdChange: (planId: string | null) => void;
}

/**
 * The seed's tour-planning dialog: prompt form, then processing, then the results view; 'New
 * Analysis' clears the result and the prompt. When the planner cannot meet a constraint, its
 * message is shown and the constraints can be set by hand under the prompt. A failure no field
 * owns is said under the form that planned, inside the dialog (FailureAlert).
 */
export function TourPlannerDialog({
  open,
  onOpenChange,
  planId,
  onPlanIdChange,
}: TourPlannerDialogProps) {
  const [prompt, setPrompt] = useState('');
  const [promptError, setPromptError] = useState<string>();
  // After a plan the prompt could not give: the server's words, and the constraints to correct by
  // hand, starting from what the prompt was read as (`from`; a new reading remounts the form).
  const [unmet, setUnmet] = useState<{
    errors: ConstraintErrors;
    from: TTourConstraints;
    reading: number;
  } | null>(null);
  // A failure no field owns, and the form whose button planned (the message goes under it).
  const [failure, setFailure] = useState<{
    said: SaidFailure;
    from: 'prompt' | 'constraints';
  } | null>(null);
  const create = useCreateTourPlan();
  const plan = useTourPlan(planId);
  const heading = useRef<HTMLHeadingElement>(null);
  const promptField = useRef<HTMLTextAreaElement>(null);
  const focusResults = useRef(false);

  useEffect(() => {
    if (plan.data && focusResults.current) {
      focusResults.current = false;
      heading.current?.focus();
    }
  }, [plan.data]);

  const planFrom = (constraints?: TTourConstraints) => {
    // The constraints form under the prompt plans with the prompt too, which may not be blank.
    if (!prompt.trim()) {
      setPromptError(M.promptRequired);
      promptField.current?.focus();
      return;
    }
    setPromptError(undefined);
    setFailure(null);
    create.mutate(
      { prompt, constraints },
      {
        onSuccess: (created) => {
          toast.success(M.success);
          setUnmet(null);
          focusResults.current = true;
          onPlanIdChange(created.id);
        },
        onError: (error) => {
          const { errors, failure: said } = planningFailure(error);
          if (said) setFailure({ said, from: constraints ? 'constraints' : 'prompt' });
          if (error instanceof ApiError && error.fields.prompt) setPromptError(error.fields.prompt);
          if (Object.keys(errors).length === 0) return;
          const understood = ZTourConstraints.safeParse(
            error instanceof ApiError ? error.detail.constraints : undefined,
          );
          setUnmet((previous) => ({
            errors,
            from: understood.success
              ? understood.data
              : (constraints ?? previous?.from ?? EMPTY_TOUR_CONSTRAINTS),
            // Planned from the prompt: a new reading. From the form: keep the performer's draft.
            reading: constraints ? (previous?.reading ?? 0) : (previous?.reading ?? 0) + 1,
          }));
        },
      },
    );
  };

  const newAnalysis = () => {
    setPrompt('');
    setUnmet(null);
    setPromptError(undefined);
    setFailure(null);
    onPlanIdChange(null);
    requestAnimationFrame(() => promptField.current?.focus());
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <DialogShell.Panel size="lg" scrollable className="sm:max-w-2xl">
        <DialogTitleWithClose>Tour-planning assistant</DialogTitleWithClose>
        <DialogShell.Description>
          Plans dates at Encore venues near your fans, routed to keep the driving short.
        </DialogShell.Description>
        {planId === null ? (
          <>
            <PromptForm
              prompt={prompt}
              onPromptChange={setPrompt}
              serverError={promptError}
              pending={create.isPending}
              onSubmit={() => planFrom()}
              promptRef={promptField}
            />
            {failure?.from !== 'constraints' && <FailureAlert failure={failure?.said ?? null} />}
            {unmet && (
              <section
                aria-label="Correct what I understood"
                className="flex flex-col gap-3 border-t border-line pt-4"
              >
                <p className="text-sm text-fg-muted">
                  Correct what I understood from your prompt, and plan again.
                </p>
                <ConstraintsForm
                  key={unmet.reading}
                  initial={unmet.from}
                  serverErrors={unmet.errors}
                  pending={create.isPending}
                  onSubmit={planFrom}
                />
                {failure?.from === 'constraints' && <FailureAlert failure={failure.said} />}
              </section>
            )}
          </>
        ) : plan.isPending ? (
          <ListSkeleton what="your tour plan" rows={2} />
        ) : plan.isError ? (
          <LoadError what="this tour plan" error={plan.error} retry={() => void plan.refetch()} />
        ) : (
          <PlanResults
            plan={plan.data}
            headingRef={heading}
            onPlanned={() => requestAnimationFrame(() => heading.current?.focus())}
            onNewAnalysis={newAnalysis}
          />
        )}
      </DialogShell.Panel>
    </Dialog.Root>
  );
}
