import { Hammer } from 'lucide-react';
import { PageTitle } from '@/components/page-title';
import { Card } from '@/components/ui/card';

/**
 * Stands in for a page that a later part of Encore builds. It says so plainly: no sample
 * numbers or lists (a product rule: Encore shows no invented data).
 */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title={title} />
      <h1 className="font-display text-3xl font-bold tracking-tight">{title}</h1>
      <Card className="flex items-start gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-surface-raised text-accent">
          <Hammer aria-hidden className="size-5" />
        </span>
        <p className="text-fg-muted">
          This part of Encore is still being built. When it is ready, it will appear right here.
        </p>
      </Card>
    </div>
  );
}
