import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError } from '@/components/page-states';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useRecommended } from '../api/get-recommended';
import type { RenderAlert } from './alert-slot';
import { ArtistGridSkeleton } from './artist-grid';
import { RecommendedList } from './recommended-list';

/** How many of the recommendations Discovery shows before 'See all'. */
const PREVIEW = 6;

/** 'Recommended Artists' on Discovery before anything is typed: the first few of /recommended. */
export function RecommendedPreview({ renderAlert }: { renderAlert?: RenderAlert }) {
  const recommended = useRecommended();
  if (recommended.isPending) return <ArtistGridSkeleton what="recommended artists" />;
  if (recommended.isError) {
    return (
      <LoadError
        what="recommended artists"
        error={recommended.error}
        retry={() => void recommended.refetch()}
      />
    );
  }
  const { artists } = recommended.data;
  if (artists.length === 0) {
    return (
      <p className="text-fg-muted">
        No artists in your favourite genres are on tour right now. Search for any artist above.
      </p>
    );
  }
  return (
    <>
      <RecommendedList artists={artists.slice(0, PREVIEW)} renderAlert={renderAlert} />
      {artists.length > PREVIEW && (
        <Link
          to={paths.fan.recommended.href()}
          className={buttonClasses({ variant: 'secondary', className: 'self-center' })}
        >
          See all {artists.length} recommendations
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      )}
    </>
  );
}
