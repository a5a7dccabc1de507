import { CITY_SHOWS_LABELS as L } from '@encore/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

interface CityPagerProps {
  page: number;
  hasNext: boolean;
  /** The page's URL at another page number, its filters kept. */
  hrefFor: (page: number) => string;
}

/** Previous / Next as links, so each page has its own URL to share or open in a tab. */
export function CityPager({ page, hasNext, hrefFor }: CityPagerProps) {
  if (page <= 1 && !hasNext) return null;
  const link = buttonClasses({ variant: 'secondary', size: 'sm' });
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={link} rel="prev">
          <ChevronLeft aria-hidden className="size-4" />
          {L.previous}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-fg-muted">Page {page}</span>
      {hasNext ? (
        <Link to={hrefFor(page + 1)} className={link} rel="next">
          {L.next}
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
