import type { TTourPlanSummary } from '@encore/contract';
import { Map as MapIcon } from 'lucide-react';
import { useState } from 'react';
import { formatCount, formatDay, formatDollars } from '@/components/dashboard/format';
import { ListSkeleton, LoadError } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { useTourPlans } from '../api/tour-plans';
import { formatDateRange } from '../utils/plan-format';
import { DeletePlanDialog } from './delete-plan-dialog';
import { RenamePlanForm } from './rename-plan-form';

interface SavedPlansProps {
  onOpen: (planId: string) => void;
  onDeleted: (planId: string) => void;
}

/** The performer's saved plans, newest first: open, rename, delete. */
export function SavedPlans({ onOpen, onDeleted }: SavedPlansProps) {
  const plans = useTourPlans();
  return (
    <section aria-labelledby="saved-plans" className="flex flex-col gap-3">
      <h3 id="saved-plans" className="font-semibold">
        Saved plans
      </h3>
      {plans.isPending ? (
        <ListSkeleton what="your saved plans" rows={1} />
      ) : plans.isError ? (
        <LoadError what="your saved plans" error={plans.error} retry={() => void plans.refetch()} />
      ) : plans.data.plans.length === 0 ? (
        <p className="flex items-center gap-2 text-fg-muted">
          <MapIcon aria-hidden className="size-4" />
          No saved plans yet
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {plans.data.plans.map((plan) => (
            <SavedPlanRow key={plan.id} plan={plan} onOpen={onOpen} onDeleted={onDeleted} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SavedPlanRow({ plan, onOpen, onDeleted }: { plan: TTourPlanSummary } & SavedPlansProps) {
  const [renaming, setRenaming] = useState(false);
  const dates = `${formatCount(plan.dates)} ${plan.dates === 1 ? 'date' : 'dates'}`;
  return (
    <li className="flex flex-col gap-2 py-3">
      {renaming ? (
        <RenamePlanForm plan={plan} onDone={() => setRenaming(false)} />
      ) : (
        <p className="font-medium break-words">{plan.name}</p>
      )}
      <p className="text-sm text-fg-muted">
        {dates} · {formatDateRange(plan.firstDate, plan.lastDate)} ·{' '}
        {formatDollars(plan.estimatedRevenue)} estimated · created {formatDay(plan.createdAt)}
      </p>
      {!renaming && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Open ${plan.name}`}
            onClick={() => onOpen(plan.id)}
          >
            Open
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Rename ${plan.name}`}
            onClick={() => setRenaming(true)}
          >
            Rename
          </Button>
          <DeletePlanDialog plan={plan} onDeleted={onDeleted} />
        </div>
      )}
    </li>
  );
}
