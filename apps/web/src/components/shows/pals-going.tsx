import { palsGoingText, type TPalsGoing } from '@encore/contract';
import { cn } from '@/lib/cn';
import { Face } from './face';

/**
 * Going together (issue 15): 'Sam and Alex are going' with the named pals' small faces, on the
 * fan's show cards and the show page. Nothing at all when no pal (that I may see) is going, or
 * for someone who is not a signed-in fan (null).
 */
export function PalsGoing({
  palsGoing,
  className,
}: {
  palsGoing: TPalsGoing | null;
  className?: string;
}) {
  const text = palsGoing ? palsGoingText(palsGoing) : null;
  if (!palsGoing || !text) return null;
  return (
    <p className={cn('flex items-center gap-2 text-sm font-semibold text-fg', className)}>
      <span className="flex shrink-0 -space-x-2">
        {palsGoing.fans.map((fan) => (
          <Face key={fan.id} name={fan.name} photoUrl={fan.photoUrl} decorative size="xs" />
        ))}
      </span>
      <span className="min-w-0">{text}</span>
    </p>
  );
}
