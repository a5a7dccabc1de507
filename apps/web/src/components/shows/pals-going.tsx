import { palsGoingText, type TPalsGoing } from '@encore/contract';
import { FacesLine } from './faces-line';

/**
 * Going together: 'Sam and Alex are going' with the named pals' small faces, on the
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
  return <FacesLine fans={palsGoing.fans} text={text} className={className ?? 'font-semibold'} />;
}
