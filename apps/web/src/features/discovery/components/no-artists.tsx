import { DISCOVERY_LABELS as L } from '@encore/contract';
import { SearchX } from 'lucide-react';
import { Card } from '@/components/ui/card';

/** Spec "Discovery": the empty state of a search that found nobody. */
export function NoArtists() {
  return (
    <Card className="flex flex-col items-center gap-2 text-center">
      <SearchX aria-hidden className="size-10 text-accent" />
      <h3 className="font-display text-xl font-semibold">{L.noArtists}</h3>
      <p className="text-fg-muted">{L.tryAdjusting}</p>
    </Card>
  );
}
