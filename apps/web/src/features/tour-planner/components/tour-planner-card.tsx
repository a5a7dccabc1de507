import { Bot } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SavedPlans } from './saved-plans';
import { TourPlannerDialog } from './tour-planner-dialog';

/**
 * The performer dashboard's tour-planning assistant card (seed "Performer dashboard"): 'Launch AI
 * Agent' opens the dialog on the prompt form; a saved plan opens it on that plan's results.
 */
export function TourPlannerCard() {
  const [open, setOpen] = useState(false);
  const [planId, setPlanId] = useState<string | null>(null);
  const launch = (id: string | null) => {
    setPlanId(id);
    setOpen(true);
  };
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <h2 className="font-display text-xl font-semibold">Tour-planning assistant</h2>
          <p className="text-fg-muted">
            Describe a tour; get dates at Encore venues where your fans are, a short route, the
            revenue to expect and an email to send.
          </p>
        </div>
        <Button className="shrink-0" onClick={() => launch(null)}>
          <Bot aria-hidden className="size-4" />
          Launch AI Agent
        </Button>
      </div>
      <SavedPlans
        onOpen={launch}
        onDeleted={(id) => {
          if (id === planId) setPlanId(null);
        }}
      />
      <TourPlannerDialog
        open={open}
        onOpenChange={setOpen}
        planId={planId}
        onPlanIdChange={setPlanId}
      />
    </Card>
  );
}
