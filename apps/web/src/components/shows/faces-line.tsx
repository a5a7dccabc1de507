import { cn } from '@/lib/cn';
import { Face } from './face';

interface FacesLineProps {
  /** The fans the text names, at most a few (their faces are decorative: the text names them). */
  fans: ReadonlyArray<{ id: string; name: string; photoUrl: string | null }>;
  text: string;
  className?: string;
}

/** A line of text after the small faces of the fans it names: 'Sam and Alex are going'. */
export function FacesLine({ fans, text, className }: FacesLineProps) {
  return (
    <p className={cn('flex items-center gap-2 text-sm', className)}>
      <span className="flex shrink-0 -space-x-1.5">
        {fans.map((fan) => (
          <Face key={fan.id} name={fan.name} photoUrl={fan.photoUrl} decorative size="xs" />
        ))}
      </span>
      <span className="min-w-0">{text}</span>
    </p>
  );
}
