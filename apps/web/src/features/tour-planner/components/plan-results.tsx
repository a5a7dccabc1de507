import {
  TOUR_PLANNER_MESSAGES as M,
  type TTourConstraints,
  type TTourPlan,
} from '@encore/contract';
import { RotateCcw } from 'lucide-react';
import { type Ref, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useRerunTourPlan } from '../api/tour-plans';
import type { ConstraintErrors } from '../utils/constraints-draft';
import { contactList } from '../utils/plan-format';
import { planningFailure, type SaidFailure } from '../utils/planning-failure';
import { ConstraintsForm } from './constraints-form';
import { CopyButton } from './copy-button';
import { FailureAlert } from './failure-alert';
import { ResultSection } from './result-section';
import { RouteList } from './route-list';
import { TourOptimization } from './tour-optimization';
import { VenueList } from './venue-list';

interface PlanResultsProps {
  plan: TTourPlan;
  /** The heading, which takes the focus once a plan arrives. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** A new version arrived (planned again): the dialog moves the focus to the heading. */
  onPlanned: () => void;
  onNewAnalysis: () => void;
}

/**
 * The results view: what the prompt was read as (correctable, then planned again), the route,
 * the venues, the tour's figures and the outreach email, with the seed's copy buttons.
 */
export function PlanResults({ plan, headingRef, onPlanned, onNewAnalysis }: PlanResultsProps) {
  const [correcting, setCorrecting] = useState(false);
  const [serverErrors, setServerErrors] = useState<ConstraintErrors>({});
  const [failure, setFailure] = useState<SaidFailure | null>(null);
  const [copyFailure, setCopyFailure] = useState<SaidFailure | null>(null);
  const rerun = useRerunTourPlan();

  const planAgain = (constraints: TTourConstraints) => {
    setServerErrors({});
    setFailure(null);
    rerun.mutate(
      { id: plan.id, constraints },
      {
        onSuccess: () => {
          toast.success(M.success);
          setCorrecting(false);
          onPlanned();
        },
        onError: (error) => {
          const { errors, failure: said } = planningFailure(error);
          setServerErrors(errors);
          setFailure(said);
        },
      },
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3
          ref={headingRef}
          tabIndex={-1}
          className="font-display text-lg font-semibold break-words"
        >
          {plan.name}
        </h3>
        <Button variant="secondary" size="sm" onClick={onNewAnalysis}>
          <RotateCcw aria-hidden className="size-4" />
          New Analysis
        </Button>
      </div>
      <section
        aria-label="What I understood"
        className="flex flex-col gap-3 rounded-xl bg-surface-raised p-3"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p className="min-w-0 break-words">{plan.understood}</p>
          {!correcting && (
            <Button variant="ghost" size="sm" onClick={() => setCorrecting(true)}>
              Change
            </Button>
          )}
        </div>
        {correcting && (
          <ConstraintsForm
            initial={plan.resolved}
            serverErrors={serverErrors}
            pending={rerun.isPending}
            onSubmit={planAgain}
            onCancel={() => {
              setServerErrors({});
              setFailure(null);
              setCorrecting(false);
            }}
          />
        )}
        {correcting && <FailureAlert failure={failure} />}
      </section>
      <RouteList route={plan.route} />
      <VenueList
        planId={plan.id}
        venues={plan.venues}
        contactsHidden={plan.contactsHidden}
        route={plan.route}
        outreachEmail={plan.outreachEmail}
      />
      <TourOptimization optimization={plan.tourOptimization} />
      <ResultSection id="tour-email" title="Email draft">
        <pre className="rounded-xl border border-line p-3 font-sans text-sm whitespace-pre-wrap break-words">
          {plan.outreachEmail}
        </pre>
      </ResultSection>
      <div className="flex flex-wrap gap-2">
        <CopyButton
          what="Contact List"
          text={contactList(plan.venues)}
          onFailure={setCopyFailure}
        />
        <CopyButton what="Email Draft" text={plan.outreachEmail} onFailure={setCopyFailure} />
      </div>
      <FailureAlert failure={copyFailure} />
    </div>
  );
}
