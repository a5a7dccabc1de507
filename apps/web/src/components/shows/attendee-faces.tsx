import { Face } from './face';
import { formatCount } from './format-show';

interface AttendeeFacesProps {
  /** The faces to show (the server already picked fans whose privacy allows it). */
  faces: ReadonlyArray<{ id: string; name: string; photoUrl: string | null }>;
  /** Everybody going, faces or not: the rest become '+N more'. */
  count: number;
  label?: string;
}

/** A row of overlapping faces and '+N more' for the fans not shown. */
export function AttendeeFaces({ faces, count, label = 'Fans going' }: AttendeeFacesProps) {
  const more = count - faces.length;
  if (faces.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap items-center -space-x-2">
      {faces.map((a) => (
        <li key={a.id}>
          <Face name={a.name} photoUrl={a.photoUrl} />
        </li>
      ))}
      {more > 0 && (
        <li className="pl-4 text-sm font-semibold text-fg-muted">+{formatCount(more)} more</li>
      )}
    </ul>
  );
}
